import { describe, it, expect } from 'vitest';
import {
  type Bar,
  KLINE_PERIODS,
  type KlinePeriod,
  KlineBook,
  bucketEnd,
  bucketStart,
  foldTick,
  rollUp,
} from './kline.ts';
import { seededPrng, type SeededPrng } from './testing/seeded-prng.ts';

const sec = (day: number, hour = 0, minute = 0, second = 0) =>
  Date.UTC(2025, 0, day, hour, minute, second) / 1000;

describe('bucketStart', () => {
  const t = sec(6, 9, 37, 12); // Monday 2025-01-06 09:37:12 UTC
  const expected: Record<KlinePeriod, number> = {
    '1M': sec(6, 9, 37),
    '5M': sec(6, 9, 35),
    '15M': sec(6, 9, 30),
    '30M': sec(6, 9, 30),
    '1H': sec(6, 9),
    '4H': sec(6, 8),
    '1D': sec(6),
    '1W': sec(6),
    '1MN': sec(1),
  };

  it.each(KLINE_PERIODS)('[K1] aligns %s to UTC', (period) => {
    expect(bucketStart(t, period)).toBe(expected[period]);
    expect(bucketStart(expected[period], period)).toBe(expected[period]);
    expect(bucketEnd(expected[period] - 1, period)).toBe(expected[period]);
    expect(bucketEnd(t, period)).toBeGreaterThan(t);
  });

  it.each([
    [
      'Monday 00:00 opens its own week',
      Date.UTC(2025, 0, 6),
      '1W',
      Date.UTC(2025, 0, 6),
      Date.UTC(2025, 0, 13),
    ],
    [
      'Sunday 23:59 is still the week of the Monday before',
      Date.UTC(2025, 0, 12, 23, 59),
      '1W',
      Date.UTC(2025, 0, 6),
      Date.UTC(2025, 0, 13),
    ],
    [
      'a week may span two years',
      Date.UTC(2025, 0, 1, 12),
      '1W',
      Date.UTC(2024, 11, 30),
      Date.UTC(2025, 0, 6),
    ],
    [
      'the epoch (a Thursday) is in the week of Monday 29 December 1969',
      0,
      '1W',
      Date.UTC(1969, 11, 29),
      Date.UTC(1970, 0, 5),
    ],
    [
      'a month starts on its 1st',
      Date.UTC(2025, 1, 28, 23, 59, 59),
      '1MN',
      Date.UTC(2025, 1, 1),
      Date.UTC(2025, 2, 1),
    ],
    [
      'a leap February has 29 days',
      Date.UTC(2024, 1, 29, 12),
      '1MN',
      Date.UTC(2024, 1, 1),
      Date.UTC(2024, 2, 1),
    ],
    [
      'December ends at the next year',
      Date.UTC(2024, 11, 31, 23),
      '1MN',
      Date.UTC(2024, 11, 1),
      Date.UTC(2025, 0, 1),
    ],
    [
      '4-hour buckets start at 00, 04, … 20 UTC',
      Date.UTC(2025, 0, 6, 23, 59),
      '4H',
      Date.UTC(2025, 0, 6, 20),
      Date.UTC(2025, 0, 7),
    ],
  ] as const)('[K8] %s', (_name, atMs, period, startMs, endMs) => {
    expect(bucketStart(atMs / 1000, period)).toBe(startMs / 1000);
    expect(bucketEnd(atMs / 1000, period)).toBe(endMs / 1000);
  });

  it('[K8] rolls daily bars up into Monday weeks and calendar months', () => {
    const day = (month: number, date: number, close: number): Bar => ({
      time: Date.UTC(2025, month, date) / 1000,
      open: close - 1,
      high: close + 2,
      low: close - 3,
      close,
      volume: 10,
    });
    // Friday 31 January, Monday 3 February, Friday 7 February, Monday 10 February.
    const days = [day(0, 31, 100), day(1, 3, 110), day(1, 7, 90), day(1, 10, 120)];
    expect(rollUp(days, '1W')).toEqual([
      { time: Date.UTC(2025, 0, 27) / 1000, open: 99, high: 102, low: 97, close: 100, volume: 10 },
      { time: Date.UTC(2025, 1, 3) / 1000, open: 109, high: 112, low: 87, close: 90, volume: 20 },
      { time: Date.UTC(2025, 1, 10) / 1000, open: 119, high: 122, low: 117, close: 120, volume: 10 },
    ]);
    expect(rollUp(days, '1MN')).toEqual([
      { time: Date.UTC(2025, 0, 1) / 1000, open: 99, high: 102, low: 97, close: 100, volume: 10 },
      { time: Date.UTC(2025, 1, 1) / 1000, open: 109, high: 122, low: 87, close: 120, volume: 30 },
    ]);
  });

  it('[K1] accepts fractional seconds (ms / 1000)', () => {
    expect(bucketStart(sec(6, 9, 37, 59) + 0.999, '1M')).toBe(sec(6, 9, 37));
  });
});

describe('foldTick', () => {
  const start = sec(6, 9, 37, 12);

  it('[K2] the first tick opens a bar of volume 1', () => {
    expect(foldTick(undefined, 100, start, '5M')).toEqual({
      bar: { time: sec(6, 9, 35), open: 100, high: 100, low: 100, close: 100, volume: 1 },
    });
  });

  it('[K3] ticks in the same bucket move high, low and close and count', () => {
    let bar = foldTick(undefined, 100, start, '5M').bar;
    bar = foldTick(bar, 104, start + 10, '5M').bar;
    bar = foldTick(bar, 97, start + 20, '5M').bar;
    const result = foldTick(bar, 101, start + 30, '5M');
    expect(result).toEqual({
      bar: { time: sec(6, 9, 35), open: 100, high: 104, low: 97, close: 101, volume: 4 },
    });
    expect(result.closed).toBeUndefined();
  });

  it('[K4] a tick in a later bucket closes the bar and opens the next, leaving empty buckets empty', () => {
    const first = foldTick(undefined, 100, start, '1M').bar;
    const result = foldTick(first, 90, start + 3 * 60, '1M');
    expect(result.closed).toBe(first);
    expect(result.bar).toEqual({ time: sec(6, 9, 40), open: 90, high: 90, low: 90, close: 90, volume: 1 });
  });

  it('[K5] a tick older than the bar is ignored and the bar returned unchanged', () => {
    const bar = foldTick(undefined, 100, start, '1M').bar;
    const result = foldTick(bar, 50, start - 60, '1M');
    expect(result.bar).toBe(bar);
    expect(result.closed).toBeUndefined();
  });

  it('[K3] never mutates the bar it is given', () => {
    const bar = Object.freeze(foldTick(undefined, 100, start, '1H').bar);
    expect(() => foldTick(bar, 120, start + 1, '1H')).not.toThrow();
    expect(bar.high).toBe(100);
  });
});

describe('rollUp', () => {
  const minute = (
    time: number,
    open: number,
    high: number,
    low: number,
    close: number,
    volume: number,
  ): Bar => ({
    time,
    open,
    high,
    low,
    close,
    volume,
  });

  it('[K6] combines 1M bars into 5M bars', () => {
    const bars = [
      minute(sec(6, 9, 35), 100, 105, 99, 104, 3),
      minute(sec(6, 9, 36), 104, 110, 103, 108, 2),
      minute(sec(6, 9, 39), 108, 108, 95, 96, 4),
      minute(sec(6, 9, 42), 96, 97, 94, 95, 1),
    ];
    expect(rollUp(bars, '5M')).toEqual([
      minute(sec(6, 9, 35), 100, 110, 95, 96, 9),
      minute(sec(6, 9, 40), 96, 97, 94, 95, 1),
    ]);
  });

  it('[K6] sorts its input and does not touch it', () => {
    const bars = [minute(sec(6, 10, 1), 2, 3, 1, 2, 1), minute(sec(6, 10), 1, 2, 1, 2, 1)].map((bar) =>
      Object.freeze(bar),
    );
    expect(rollUp(bars, '1H')).toEqual([minute(sec(6, 10), 1, 3, 1, 2, 2)]);
    expect(rollUp([], '1D')).toEqual([]);
  });
});

interface Tick {
  price: number;
  timeSec: number;
}

/**
 * A random tick stream: bursts within seconds, pauses of minutes to days, prices drifting by a few
 * points; with `late`, some ticks arrive with a time before the previous one.
 */
function randomTicks(random: SeededPrng, late: boolean): Tick[] {
  const ticks: Tick[] = [];
  let timeMs = Date.UTC(2025, 0, 1) + random.int(0, 400 * 86_400_000);
  let price = random.int(1_000, 2_000_000);
  const count = random.int(1, 250);
  for (let i = 0; i < count; i++) {
    const gap = random.pick([0, 1, 50, 700, 3_000, 20_000, 61_000, 300_000, 3_600_000, 86_400_000]);
    timeMs += random.int(0, gap);
    price = Math.max(1, price + random.int(-25, 25));
    const sentMs = late && random.next() < 0.1 ? timeMs - random.int(1, 600_000) : timeMs;
    ticks.push({ price, timeSec: sentMs / 1000 });
  }
  return ticks;
}

/** Every period's bars of a stream as the KlineBook publishes them: each closed bar, then the forming one. */
function barsFromBook(ticks: readonly Tick[]): Record<KlinePeriod, Bar[]> {
  const book = new KlineBook();
  const bars = Object.fromEntries(KLINE_PERIODS.map((period) => [period, [] as Bar[]])) as Record<
    KlinePeriod,
    Bar[]
  >;
  for (const tick of ticks) {
    for (const { period, bar } of book.applyTick(tick.price, tick.timeSec * 1000).closed)
      bars[period].push(bar);
  }
  for (const period of KLINE_PERIODS) {
    const forming = book.forming(period);
    if (forming) bars[period].push(forming);
  }
  return bars;
}

/** Why the bars break a bar invariant, or null. Plain checks: `expect` per bar is too slow here. */
function malformation(bars: readonly Bar[], period: KlinePeriod): string | null {
  let previous = -Infinity;
  for (const bar of bars) {
    if (bar.time !== bucketStart(bar.time, period)) return `unaligned ${JSON.stringify(bar)}`;
    if (bar.time <= previous) return `not increasing at ${JSON.stringify(bar)}`;
    if (bar.high < Math.max(bar.open, bar.close)) return `high below open/close ${JSON.stringify(bar)}`;
    if (bar.low > Math.min(bar.open, bar.close)) return `low above open/close ${JSON.stringify(bar)}`;
    if (bar.volume < 1) return `empty bar ${JSON.stringify(bar)}`;
    previous = bar.time;
  }
  return null;
}

const sameBars = (a: readonly Bar[], b: readonly Bar[]) => JSON.stringify(a) === JSON.stringify(b);
const totalVolume = (bars: readonly Bar[]) => bars.reduce((sum, bar) => sum + bar.volume, 0);

/** Folds each period on its own, with no book in between. */
function foldEachPeriod(ticks: readonly Tick[]): Record<KlinePeriod, Bar[]> {
  const entries = KLINE_PERIODS.map((period) => {
    const bars: Bar[] = [];
    let forming: Bar | undefined;
    for (const tick of ticks) {
      const result = foldTick(forming, tick.price, tick.timeSec, period);
      if (result.closed) bars.push(result.closed);
      forming = result.bar;
    }
    if (forming) bars.push(forming);
    return [period, bars] as const;
  });
  return Object.fromEntries(entries) as Record<KlinePeriod, Bar[]>;
}

describe('the key property: folding ticks directly equals rolling up 1-minute bars', () => {
  it('[K6] holds for thousands of random in-order streams, in every period', () => {
    const seed = 424242;
    const random = seededPrng(seed);
    for (let run = 0; run < 3000; run++) {
      const ticks = randomTicks(random, false);
      const direct = foldEachPeriod(ticks);
      for (const period of KLINE_PERIODS) {
        const context = `seed ${seed} run ${run} period ${period}`;
        const rolled = rollUp(direct['1M'], period);
        if (!sameBars(direct[period], rolled)) expect(direct[period], context).toEqual(rolled);
        expect(malformation(direct[period], period), context).toBeNull();
        if (totalVolume(direct[period]) !== ticks.length)
          expect(totalVolume(direct[period]), context).toBe(ticks.length);
      }
    }
  }, 30_000);

  it('[K5][K7] holds through the KlineBook when ticks arrive late', () => {
    const seed = 515151;
    const random = seededPrng(seed);
    for (let run = 0; run < 3000; run++) {
      const bars = barsFromBook(randomTicks(random, true));
      const volume = totalVolume(bars['1M']);
      for (const period of KLINE_PERIODS) {
        const context = `seed ${seed} run ${run} period ${period}`;
        const rolled = rollUp(bars['1M'], period);
        if (!sameBars(bars[period], rolled)) expect(bars[period], context).toEqual(rolled);
        expect(malformation(bars[period], period), context).toBeNull();
        if (totalVolume(bars[period]) !== volume) expect(totalVolume(bars[period]), context).toBe(volume);
      }
    }
  }, 30_000);
});

describe('KlineBook', () => {
  it('[K7] keeps a forming bar per period and reports the bars a tick closes, shortest first', () => {
    const book = new KlineBook();
    const first = book.applyTick(100, sec(6, 9, 59, 30) * 1000);
    expect(first.applied).toBe(true);
    expect([...first.forming.keys()]).toEqual(KLINE_PERIODS);
    expect(first.closed).toEqual([]);

    const next = book.applyTick(101, sec(6, 10, 0, 5) * 1000);
    expect(next.closed.map((c) => c.period)).toEqual(['1M', '5M', '15M', '30M', '1H']);
    expect(next.forming.get('1D')).toEqual({
      time: sec(6),
      open: 100,
      high: 101,
      low: 100,
      close: 101,
      volume: 2,
    });
    expect(book.forming('1H')).toEqual({
      time: sec(6, 10),
      open: 101,
      high: 101,
      low: 101,
      close: 101,
      volume: 1,
    });
  });

  it('[K7] ignores a late tick in every period, even where the longer bar is still forming', () => {
    const book = new KlineBook();
    book.applyTick(100, sec(6, 10, 1) * 1000);
    const late = book.applyTick(90, sec(6, 10, 0, 30) * 1000);
    expect(late.applied).toBe(false);
    expect(late.closed).toEqual([]);
    expect(book.forming('1D')).toEqual({
      time: sec(6),
      open: 100,
      high: 100,
      low: 100,
      close: 100,
      volume: 1,
    });
  });

  it('[K7] resumes seeded bars after a restart', () => {
    const book = new KlineBook();
    const stored: Bar = { time: sec(6, 10), open: 100, high: 120, low: 90, close: 110, volume: 40 };
    book.seed('1H', stored);
    const update = book.applyTick(125, sec(6, 10, 30) * 1000);
    expect(update.forming.get('1H')).toEqual({ ...stored, high: 125, close: 125, volume: 41 });
    expect(update.forming.get('1M')).toEqual({
      time: sec(6, 10, 30),
      open: 125,
      high: 125,
      low: 125,
      close: 125,
      volume: 1,
    });
    expect(stored.volume).toBe(40);
    // A tick before the seeded bar's bucket is late for the book as a whole.
    expect(book.applyTick(1, sec(6, 9, 59) * 1000).applied).toBe(false);
  });

  it('[K7] returns a snapshot, not its own map', () => {
    const book = new KlineBook();
    const update = book.applyTick(100, sec(6, 10) * 1000);
    update.forming.delete('1M');
    expect(book.forming('1M')).toBeDefined();
  });
});
