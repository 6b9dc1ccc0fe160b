/**
 * The values clients already rely on (docs/CONTRACT.md). Each is written out here on purpose: a
 * renumbered or renamed value must fail a test, and the fix is to keep the old value, not to
 * update this file (or, if breaking is the point, to bump PROTOCOL_VERSION as well).
 */
import { describe, expect, it } from 'vitest';
import {
  ClosedType,
  CodePurpose,
  DEFAULT_LANGUAGE,
  DepositStatus,
  DrawType,
  IDEMPOTENCY_HEADER,
  IdentityStatus,
  isLanguage,
  isPeriod,
  LANGUAGE_LOCALES,
  LANGUAGES,
  LEDGER_KINDS,
  MarginMode,
  MarketStatus,
  normalizeLanguage,
  OrderStatus,
  OrderType,
  PERIOD_SECONDS,
  PERIODS,
  ResponseCode,
  ReviewStatus,
  RTL_LANGUAGES,
  WithdrawalStatus,
} from './constants.ts';
import { HEARTBEAT_PING, HEARTBEAT_PONG, Topic } from './socket.ts';
import { PROTOCOL_VERSION } from './version.ts';

describe('enumerations never renumbered', () => {
  it('envelope codes', () => {
    expect(ResponseCode).toEqual({
      ok: 1,
      refused: 0,
      badRequest: 400,
      forbidden: 403,
      notFound: 404,
      payloadTooLarge: 413,
      invalid: 422,
      rateLimited: 429,
      internal: 500,
      sessionInvalid: 999,
    });
  });

  it.each([
    ['MarketStatus', MarketStatus, { open: 1, closed: 2 }],
    ['OrderType', OrderType, { buy: 1, sell: 2 }],
    ['OrderStatus', OrderStatus, { pending: 0, holding: 1, closing: 2, closed: 3, cancelled: 4 }],
    [
      'ClosedType',
      ClosedType,
      { user: 1, stopOut: 2, takeProfit: 3, stopLoss: 4, backOffice: 5, trailingStop: 6 },
    ],
    ['MarginMode', MarginMode, { fixed: 1, leveraged: 2 }],
    ['CodePurpose', CodePurpose, { register: 1, reset: 2, contactChange: 3 }],
    ['DepositStatus', DepositStatus, { unchecked: 0, completed: 1, rejected: 2, invalid: 3 }],
    ['WithdrawalStatus', WithdrawalStatus, { review: 0, paid: 1, rejected: 2 }],
    ['DrawType', DrawType, { coin: 1, bank: 2 }],
    ['ReviewStatus', ReviewStatus, { form: 0, waiting: 1, certified: 2 }],
    ['IdentityStatus', IdentityStatus, { waiting: 1, certified: 2, rejected: 3 }],
  ] as const)('%s', (_name, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  it('ledger kinds (the UI translates ledger.<kind>)', () => {
    expect(LEDGER_KINDS).toEqual([
      'deposit',
      'withdrawal_hold',
      'withdrawal_release',
      'withdrawal_fee',
      'trade_fee',
      'realized_pnl',
      'stop_out',
      'negative_balance_protection',
      'demo_reset',
      'adjustment',
      'bonus',
    ]);
  });

  it('socket heartbeat texts and topics', () => {
    expect([HEARTBEAT_PING, HEARTBEAT_PONG]).toEqual(['ping', 'pong']);
    expect(Topic).toEqual({
      dayMarket: 'DAY_MARKET',
      forexTrade: 'FOREX_TRADE',
      forexClosed: 'FOREX_CLOSED',
    });
  });

  it('the idempotency header and the contract version', () => {
    expect(IDEMPOTENCY_HEADER).toBe('idempotency-key');
    expect(PROTOCOL_VERSION).toBe(1);
  });
});

describe('kline periods', () => {
  it('are the six periods with their length in seconds, shortest first', () => {
    expect(PERIOD_SECONDS).toEqual({
      '1M': 60,
      '5M': 300,
      '15M': 900,
      '30M': 1800,
      '1H': 3600,
      '4H': 14400,
      '1D': 86400,
      '1W': 604800,
      '1MN': 2592000,
    });
    expect(PERIODS).toEqual(['1M', '5M', '15M', '30M', '1H', '4H', '1D', '1W', '1MN']);
  });

  it('recognises only those names, case included', () => {
    expect(PERIODS.every(isPeriod)).toBe(true);
    for (const other of ['1m', '2H', '1w', '1MON', '', 'toString', 60, null])
      expect(isPeriod(other)).toBe(false);
  });
});

describe('languages', () => {
  it('lists the 15 codes in the order of the language page, hk first and the default', () => {
    expect(LANGUAGES).toEqual([
      'hk',
      'en',
      'jp',
      'kr',
      'th',
      'vn',
      'fr',
      'de',
      'ru',
      'spa',
      'pt',
      'ar',
      'it',
      'tr',
      'id',
    ]);
    expect(DEFAULT_LANGUAGE).toBe('hk');
    expect(RTL_LANGUAGES).toEqual(['ar']);
  });

  it('gives every language a locale for numbers and dates', () => {
    expect(Object.keys(LANGUAGE_LOCALES).sort()).toEqual([...LANGUAGES].sort());
    expect(LANGUAGE_LOCALES.hk).toBe('zh-HK');
    expect(LANGUAGE_LOCALES.spa).toBe('es-ES');
  });

  it.each([
    ['en', 'en'],
    [' EN ', 'en'],
    ['Spa', 'spa'],
    ['tw', 'hk'],
    ['TW', 'hk'],
    ['zh', 'hk'],
    ['en-US', 'hk'],
    ['', 'hk'],
    [undefined, 'hk'],
    [42, 'hk'],
  ] as const)('maps the lang header %j to %s', (header, language) => {
    expect(normalizeLanguage(header)).toBe(language);
  });

  it('knows a language only by its exact code', () => {
    expect(isLanguage('ar')).toBe(true);
    expect(isLanguage('tw')).toBe(false);
    expect(isLanguage('AR')).toBe(false);
  });
});
