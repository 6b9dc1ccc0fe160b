import { describe, it, expect } from 'vitest';
import {
  type Bar,
  KLINE_PERIODS,
  KLINE_PERIOD_SECONDS,
  STORED_KLINE_PERIODS,
  type StoredKlinePeriod,
  isMarketOpen,
  openSpans,
  parsePriceToPoints,
  rollUp,
} from '@omp/engine';
import { PERIOD_SECONDS } from '@omp/protocol';
import { type BarHistory, backfillHistory } from './history-backfill.ts';
import { priceWalk } from './price-walk.ts';
import { BTCUSDT, DOGEUSDT, EURUSD, type TestInstrument, US30 } from './test-instruments.ts';

// 2025-01-13 is a Monday.
const utc = (day: number, hour = 0, minute = 0, second = 0, ms = 0) =>
  Date.UTC(2025, 0, day, hour, minute, second, ms);

const END_TIMES: Array<[label: string, timeMs: number]> = [
  ['Monday 00:30', utc(13, 0, 30)],
  ['Saturday noon', utc(18, 12)],
  ['Wednesday 13:45:27.5', utc(15, 13, 45, 27, 500)],
  ['Sunday 22:00:00 (the forex open)', utc(19, 22)],
  ['Friday 21:59:59.999 (the last forex moment)', utc(17, 21, 59, 59, 999)],
  ['Sunday 10:00 (forex closed, crypto open)', utc(19, 10)],
];

const INSTRUMENTS: Array<[label: string, instrument: TestInstrument]> = [
  ['forex', EURUSD],
  ['crypto', BTCUSDT],
];

const isSaturday = (timeSec: number) => new Date(timeSec * 1000).getUTCDay() === 6;

/** Why a period's bars break a guarantee of the backfill, or null. */
function defect(history: BarHistory, period: StoredKlinePeriod, instrument: TestInstrument): string | null {
  const { spec, profile } = instrument;
  const walk = priceWalk(
    parsePriceToPoints(profile.startPrice, spec.pricePrecision) ?? 0,
    profile.annualVolatility,
  );
  const seconds = KLINE_PERIOD_SECONDS[period];
  let previous = -Infinity;
  for (const bar of history[period]) {
    const where = `${period} bar ${new Date(bar.time * 1000).toISOString()} ${JSON.stringify(bar)}`;
    if (bar.time % seconds !== 0) return `${where} is not aligned`;
    if (bar.time <= previous) return `${where} is out of order`;
    if (bar.high < Math.max(bar.open, bar.close) || bar.low > Math.min(bar.open, bar.close))
      return `${where} has a bad range`;
    if (bar.low < walk.minPoints || bar.high > walk.maxPoints) return `${where} leaves the band`;
    if (![bar.open, bar.high, bar.low, bar.close, bar.volume].every(Number.isSafeInteger) || bar.volume < 1) {
      return `${where} has a non-integer or empty field`;
    }
    const openInside = openSpans(spec.schedule, bar.time * 1000, (bar.time + seconds) * 1000).length > 0;
    if (!openInside) return `${where} lies outside trading hours`;
    previous = bar.time;
  }
  return null;
}

/** The bars of `coarse` whose whole bucket the `fine` bars cover, against the roll-up of `fine`. */
function rollUpMismatch(
  fine: readonly Bar[],
  coarse: readonly Bar[],
  period: StoredKlinePeriod,
): string | null {
  const first = fine[0];
  if (first === undefined) return 'no fine bars';
  const seconds = KLINE_PERIOD_SECONDS[period];
  const coveredFrom = Math.ceil(first.time / seconds) * seconds;
  const expected = rollUp(fine, period).filter((bar) => bar.time >= coveredFrom);
  const actual = coarse.filter((bar) => bar.time >= coveredFrom);
  if (expected.length === 0) return 'nothing to compare';
  return JSON.stringify(actual) === JSON.stringify(expected) ? null : `${period} differs from the roll-up`;
}

describe('backfillHistory', () => {
  describe.each(INSTRUMENTS)('for %s', (_kind, instrument) => {
    const endBid =
      (parsePriceToPoints(instrument.profile.startPrice, instrument.spec.pricePrecision) ?? 0) + 137;

    it.each(END_TIMES)('gives sound history ending at %s', (_label, endTimeMs) => {
      const history = backfillHistory({ ...instrument, endTimeMs, endBid, seed: 5 });
      const { schedule } = instrument.spec;

      for (const period of STORED_KLINE_PERIODS) {
        expect(history[period].length, period).toBeGreaterThanOrEqual(300);
        expect(defect(history, period, instrument)).toBeNull();
        expect(history[period].at(-1)?.close, `${period} ends at the end bid`).toBe(endBid);
      }
      expect(history['1M'].length).toBe(2000);
      expect(history['5M'].length).toBe(2000);

      // The newest minute is the one holding the end time, or the last open minute before it.
      const lastMinute = history['1M'].at(-1)?.time ?? 0;
      const endMinute = Math.floor(endTimeMs / 60_000) * 60;
      if (isMarketOpen(schedule, endTimeMs)) expect(lastMinute).toBe(endMinute);
      else expect(openSpans(schedule, (lastMinute + 60) * 1000, endTimeMs + 1)).toEqual([]);

      expect(rollUpMismatch(history['1M'], history['5M'], '5M')).toBeNull();
      for (const period of ['15M', '30M', '1H'] as const) {
        expect(rollUpMismatch(history['5M'], history[period], period)).toBeNull();
      }
      expect(rollUpMismatch(history['1H'], history['1D'], '1D')).toBeNull();
    });
  });

  it('gives forex no bar on a Saturday, in any period', () => {
    const history = backfillHistory({ ...EURUSD, endTimeMs: utc(18, 12), endBid: 108_500, seed: 1 });
    for (const period of STORED_KLINE_PERIODS) {
      expect(
        history[period].filter((bar) => isSaturday(bar.time)),
        period,
      ).toEqual([]);
    }
    // Friday 21:59 is the last minute; Sunday's two hours make a daily bar of their own.
    expect(history['1M'].at(-1)?.time).toBe(utc(17, 21, 59) / 1000);
    expect(history['1D'].some((bar) => new Date(bar.time * 1000).getUTCDay() === 0)).toBe(true);
  });

  it('gives crypto a bar every minute, Saturdays included', () => {
    const history = backfillHistory({
      ...BTCUSDT,
      endTimeMs: utc(18, 12, 0, 30),
      endBid: 6_500_000,
      seed: 1,
    });
    const minutes = history['1M'].map((bar) => bar.time);
    expect(minutes.at(-1)).toBe(utc(18, 12) / 1000);
    expect(minutes.every((time, i) => i === 0 || time - (minutes[i - 1] ?? 0) === 60)).toBe(true);
    expect(history['1D'].length).toBe(450);
  });

  it('reaches back 450 days of daily bars, joined to the minute layer', () => {
    const endTimeMs = utc(15, 13);
    const history = backfillHistory({ ...US30, endTimeMs, endBid: 390_000, seed: 2 });
    const days = history['1D'];
    expect(days[0]?.time).toBeGreaterThanOrEqual(endTimeMs / 1000 - 450 * 86_400);
    expect(days.length).toBeGreaterThan(380);
    // Each day closes where the next opened, so the older daily walk continues into the minutes.
    const gaps = days.slice(1).filter((bar, i) => bar.open !== days[i]?.close);
    expect(gaps).toEqual([]);
  });

  it('replays the same history from the same seed and another from another', () => {
    const options = { ...DOGEUSDT, endTimeMs: utc(15, 13), endBid: 15_000 };
    const first = backfillHistory({ ...options, seed: 8 });
    expect(backfillHistory({ ...options, seed: 8 })).toEqual(first);
    expect(backfillHistory({ ...options, seed: 9 })['1H']).not.toEqual(first['1H']);
    expect(defect(first, '1M', DOGEUSDT)).toBeNull();
  });

  it('ends exactly at a bid far from the start price', () => {
    const history = backfillHistory({ ...EURUSD, endTimeMs: utc(15, 13), endBid: 150_000, seed: 3 });
    for (const period of STORED_KLINE_PERIODS) expect(history[period].at(-1)?.close).toBe(150_000);
    expect(defect(history, '1D', EURUSD)).toBeNull();
  });

  it('refuses an unusable start price or end bid', () => {
    expect(() => backfillHistory({ ...EURUSD, endTimeMs: utc(15), endBid: 0, seed: 1 })).toThrow(/end bid/);
    expect(() => backfillHistory({ ...EURUSD, endTimeMs: utc(15), endBid: 1.5, seed: 1 })).toThrow(/end bid/);
    const broken = { spec: EURUSD.spec, profile: { ...EURUSD.profile, startPrice: '-1' } };
    expect(() => backfillHistory({ ...broken, endTimeMs: utc(15), endBid: 100, seed: 1 })).toThrow(
      /start price/,
    );
  });

  it('has nothing to draw for a market that never opens', () => {
    const closed = { spec: { ...EURUSD.spec, schedule: [] }, profile: EURUSD.profile };
    const history = backfillHistory({ ...closed, endTimeMs: utc(15), endBid: 108_500, seed: 1 });
    for (const period of STORED_KLINE_PERIODS) expect(history[period]).toEqual([]);
  });
});

describe('kline periods', () => {
  it("the engine's periods are the wire's periods", () => {
    expect(KLINE_PERIOD_SECONDS).toEqual(PERIOD_SECONDS);
    expect(KLINE_PERIODS).toEqual(Object.keys(PERIOD_SECONDS));
  });
});
