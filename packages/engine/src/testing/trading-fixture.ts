/**
 * A small market for the trading tests: EUR/USD (leveraged), USD/JPY (P/L converted by its own
 * mid), JPN225 quoted in JPY (converted by USD/JPY), XAG/USD on a fixed margin, and GER40 that
 * trades only on weekdays, all with round numbers so expected figures can be worked out by hand.
 */
import type { InstrumentSpec } from '../instrument.ts';
import { parseLots, parseMicros } from '../money.ts';
import { ALWAYS_OPEN, FOREX_WEEK } from '../schedule.ts';
import { TradingBook, type TradingSettings } from '../trading-book.ts';
import type { Account } from '../trading-types.ts';

export const WEDNESDAY_NOON = Date.UTC(2026, 10, 18, 12);
export const SATURDAY_NOON = Date.UTC(2026, 10, 21, 12);

const base = {
  categoryId: 1,
  logo: 'x.svg',
  lotStep: '0.01',
  minLots: '0.01',
  maxLots: '100',
  marginMode: 2 as const,
  feeRate: '0.001',
  leverageOptions: [100, 50, 10],
  spreadPoints: 10,
  schedule: ALWAYS_OPEN,
  sort: 1,
};

export const EURUSD: InstrumentSpec = {
  ...base,
  id: 1,
  code: 'EURUSD',
  showCode: 'EUR/USD',
  baseCurrency: 'EUR',
  quoteCurrency: 'USD',
  pricePrecision: 5,
  contractSize: 100_000,
};
export const USDJPY: InstrumentSpec = {
  ...base,
  id: 2,
  code: 'USDJPY',
  showCode: 'USD/JPY',
  baseCurrency: 'USD',
  quoteCurrency: 'JPY',
  pricePrecision: 3,
  contractSize: 100_000,
};
export const JPN225: InstrumentSpec = {
  ...base,
  id: 3,
  code: 'JPN225',
  showCode: 'JPN225',
  baseCurrency: 'JPN225',
  quoteCurrency: 'JPY',
  pricePrecision: 2,
  contractSize: 10,
};
export const XAGUSD: InstrumentSpec = {
  ...base,
  id: 4,
  code: 'XAGUSD',
  showCode: 'XAG/USD',
  baseCurrency: 'XAG',
  quoteCurrency: 'USD',
  pricePrecision: 3,
  contractSize: 5000,
  marginMode: 1,
};
export const GER40: InstrumentSpec = {
  ...base,
  id: 5,
  code: 'GER40',
  showCode: 'GER40',
  baseCurrency: 'GER40',
  quoteCurrency: 'USD',
  pricePrecision: 2,
  contractSize: 1,
  schedule: FOREX_WEEK,
};
export const INSTRUMENTS = [EURUSD, USDJPY, JPN225, XAGUSD, GER40];

export const SETTINGS: TradingSettings = {
  feeType: 2,
  staleQuoteMs: 30_000,
  marginCallLevel: 100,
  stopOutLevel: 50,
};

export const usd = (text: string): bigint => {
  const micros = parseMicros(text);
  if (micros === null) throw new Error(`bad amount ${text}`);
  return micros;
};
export const lots = (text: string): bigint => {
  const value = parseLots(text);
  if (value === null) throw new Error(`bad lots ${text}`);
  return value;
};

/** A book that knows the fixture instruments and has no quote yet, as after a restart. */
export function unquotedFixtureBook(settings: TradingSettings = SETTINGS): TradingBook {
  const book = new TradingBook(settings);
  for (const spec of INSTRUMENTS) book.board.addInstrument(spec);
  return book;
}

/** A book with the fixture instruments quoted at round prices at `nowMs`. */
export function fixtureBook(nowMs = WEDNESDAY_NOON, settings: TradingSettings = SETTINGS): TradingBook {
  const book = unquotedFixtureBook(settings);
  book.applyTick(EURUSD.id, 110_000, 110_010, nowMs);
  book.applyTick(USDJPY.id, 150_000, 150_010, nowMs);
  book.applyTick(JPN225.id, 5_000_000, 5_001_000, nowMs);
  book.applyTick(XAGUSD.id, 50_000, 50_030, nowMs);
  book.applyTick(GER40.id, 2_400_000, 2_400_100, nowMs);
  return book;
}

export function newAccount(id: number, balance: string, isDemo = false): Account {
  return { id, isDemo, balanceMicros: usd(balance), orders: new Map(), marginCallWarned: false };
}
