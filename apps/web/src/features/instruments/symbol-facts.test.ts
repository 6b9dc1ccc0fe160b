import { describe, expect, it } from 'vitest';
import type { Instrument } from '@omp/protocol';
import { formatWeekTime, oneLotCosts, weekSessions } from './symbol-facts.ts';

// Wednesday 2025-01-08 12:00 UTC; its week started on Sunday 2025-01-05.
const now = Date.UTC(2025, 0, 8, 12) / 1000;
const sunday = Date.UTC(2025, 0, 5) / 1000;

describe('weekSessions', () => {
  it.each([
    [
      'forex: Sunday 22:00 to Friday 22:00 UTC',
      [{ From: 22 * 60, To: 5 * 1440 + 22 * 60 }],
      false,
      [{ from: sunday + 22 * 3600, to: sunday + 5 * 86400 + 22 * 3600 }],
    ],
    ['crypto: the whole week', [{ From: 0, To: 10080 }], true, [{ from: sunday, to: sunday + 7 * 86400 }]],
    [
      'day by day sessions that touch read as one',
      [
        { From: 1440 + 60, To: 2 * 1440 },
        { From: 2 * 1440, To: 2 * 1440 + 60 },
      ],
      false,
      [{ from: sunday + 86400 + 3600, to: sunday + 2 * 86400 + 3600 }],
    ],
    [
      'separate sessions stay apart, sorted',
      [
        { From: 3 * 1440, To: 3 * 1440 + 60 },
        { From: 1440, To: 1440 + 60 },
      ],
      false,
      [
        { from: sunday + 86400, to: sunday + 86400 + 3600 },
        { from: sunday + 3 * 86400, to: sunday + 3 * 86400 + 3600 },
      ],
    ],
    ['no sessions: never open', [], false, []],
  ])('%s', (_name, sessions, always, spans) => {
    expect(weekSessions(sessions, now)).toEqual({ always, spans });
  });

  it('finds the week of a Sunday morning (before any session) and of Saturday night', () => {
    expect(weekSessions([{ From: 0, To: 60 }], sunday + 30).spans[0]!.from).toBe(sunday);
    expect(weekSessions([{ From: 0, To: 60 }], sunday + 7 * 86400 - 1).spans[0]!.from).toBe(sunday);
  });
});

describe('formatWeekTime', () => {
  it('writes the weekday and time in the zone given', () => {
    const opens = sunday + 22 * 3600;
    expect(formatWeekTime(opens, 'en', 'UTC')).toBe('Sun 22:00');
    // Hong Kong is UTC+8: Sunday 22:00 UTC is Monday 06:00 there.
    expect(formatWeekTime(opens, 'en', 'Asia/Hong_Kong')).toBe('Mon 06:00');
  });
});

describe('oneLotCosts', () => {
  const instrument = {
    Id: 1,
    Code: 'EURUSD',
    ShowCode: 'EUR/USD',
    Logo: '',
    CategoryId: 1,
    PricePrecision: 5,
    Pip: 0.01,
    ForexMinCont: 0.01,
    ForexMaxCont: 50,
    ForexContNum: 100000,
    MarginMode: 2,
    ForexFeeRate: 0.001,
    HasForexMultiple: [{ Value: 100 }, { Value: 10 }],
    Spread: 20,
    BaseCurrency: 'EUR',
    QuoteCurrency: 'USD',
  } as unknown as Instrument;
  const usd = { numerator: 1n, denominator: 1n };

  it('gives the margin of one lot at each leverage, smallest first, and the fee on it', () => {
    // 100,000 × 1.10020 = 110,020 USD: / 10 and / 100; the fee is 0.1 % of the margin.
    expect(oneLotCosts(instrument, 1.1, 1.1002, 2, usd)).toEqual([
      { leverage: 10, marginMicros: 11_002_000_000n, feeMicros: 11_002_000n },
      { leverage: 100, marginMicros: 1_100_200_000n, feeMicros: 1_100_200n },
    ]);
  });

  it('has one row for a fixed margin: lots × contract size, whatever the leverage', () => {
    const fixed = { ...instrument, MarginMode: 1, ForexContNum: 1000 } as Instrument;
    expect(oneLotCosts(fixed, 1.1, 1.1002, 1, usd)).toEqual([
      { leverage: undefined, marginMicros: 1_000_000_000n, feeMicros: 1_000n },
    ]);
  });

  it('knows no margin while no rate converts the quote currency', () => {
    expect(oneLotCosts(instrument, 1.1, 1.1002, 2, undefined)[0]!.marginMicros).toBeUndefined();
  });
});
