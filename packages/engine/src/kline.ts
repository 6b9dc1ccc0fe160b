/**
 * Kline bars (SPEC.md K1–K7): ticks of the bid fold into bars aligned to UTC, and 1-minute bars
 * roll up into the longer periods with the same result as folding the ticks directly.
 *
 * This table is the one home of the periods: the wire contract (`PERIOD_SECONDS` of
 * packages/protocol) is this table, because the engine imports nothing from the repository.
 *
 *   const book = new KlineBook();
 *   book.applyTick(108523, Date.UTC(2025, 0, 6, 9, 30, 12)); // forming 1M bar at 09:30, 1H at 09:00…
 */

/**
 * Every period and its length in seconds, shortest first. A week and a month follow the calendar
 * (bucketStart): their lengths here are nominal (7 and 30 days), the size a client may expect.
 */
export const KLINE_PERIOD_SECONDS = {
  '1M': 60,
  '5M': 300,
  '15M': 900,
  '30M': 1800,
  '1H': 3600,
  '4H': 14400,
  '1D': 86400,
  '1W': 604800,
  '1MN': 2592000,
} as const;

export type KlinePeriod = keyof typeof KLINE_PERIOD_SECONDS;

/** Every period, shortest first. */
export const KLINE_PERIODS = Object.keys(KLINE_PERIOD_SECONDS) as readonly KlinePeriod[];

/**
 * The periods whose bars are stored [K8]. The others are derived: rolled up from the stored bars
 * of their source period when asked for, so their whole history exists from the first day.
 */
export const STORED_KLINE_PERIODS = ['1M', '5M', '15M', '30M', '1H', '1D'] as const;
export type StoredKlinePeriod = (typeof STORED_KLINE_PERIODS)[number];
export type DerivedKlinePeriod = Exclude<KlinePeriod, StoredKlinePeriod>;

/** Where each derived period's bars come from [K8]. */
export const DERIVED_KLINE_SOURCE: Record<DerivedKlinePeriod, StoredKlinePeriod> = {
  '4H': '1H',
  '1W': '1D',
  '1MN': '1D',
};

export function isStoredPeriod(period: KlinePeriod): period is StoredKlinePeriod {
  return (STORED_KLINE_PERIODS as readonly string[]).includes(period);
}

/** The most source bars one derived bar can hold (a month has at most 31 daily bars). */
export const SOURCE_BARS_PER_BAR: Record<DerivedKlinePeriod, number> = { '4H': 4, '1W': 7, '1MN': 31 };

/** 1970-01-05, the first Monday after the epoch (a Thursday): weeks start on Monday 00:00 UTC. */
const FIRST_MONDAY_SEC = 4 * 86400;

export interface Bar {
  /** Open time of the bucket, Unix seconds, a multiple of the period (UTC-aligned). */
  time: number;
  /** Prices in points. */
  open: number;
  high: number;
  low: number;
  close: number;
  /** Number of ticks folded into the bar. */
  volume: number;
}

export interface FoldResult {
  /** The bar forming after the tick (the same object when the tick was ignored). */
  bar: Bar;
  /** The bar the tick closed, when it opened a later bucket. */
  closed?: Bar;
}

/**
 * The bucket that `timeSec` falls in [K1]. The Unix epoch is midnight UTC, so multiples of the
 * period are UTC-aligned for every period up to a day. A week starts on Monday 00:00 UTC and a
 * month on its 1st at 00:00 UTC [K8].
 */
export function bucketStart(timeSec: number, period: KlinePeriod): number {
  if (period === '1MN') {
    const date = new Date(Math.floor(timeSec) * 1000);
    return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / 1000;
  }
  const seconds = KLINE_PERIOD_SECONDS[period];
  const origin = period === '1W' ? FIRST_MONDAY_SEC : 0;
  return Math.floor((timeSec - origin) / seconds) * seconds + origin;
}

/** Where the bucket holding `timeSec` ends: the start of the next one. */
export function bucketEnd(timeSec: number, period: KlinePeriod): number {
  const start = bucketStart(timeSec, period);
  if (period !== '1MN') return start + KLINE_PERIOD_SECONDS[period];
  const date = new Date(start * 1000);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) / 1000;
}

function openBar(time: number, pricePoints: number): Bar {
  return { time, open: pricePoints, high: pricePoints, low: pricePoints, close: pricePoints, volume: 1 };
}

/**
 * Folds one tick into the forming bar of `period` [K2–K5]. Bars are never mutated: a changed bar is
 * a new object, so a bar handed to a publisher stays what it was.
 */
export function foldTick(
  bar: Bar | undefined,
  pricePoints: number,
  timeSec: number,
  period: KlinePeriod,
): FoldResult {
  const time = bucketStart(timeSec, period);
  if (bar === undefined) return { bar: openBar(time, pricePoints) };
  if (time > bar.time) return { bar: openBar(time, pricePoints), closed: bar };
  // A tick from an earlier bucket arrived late: that bar is closed and already published.
  if (time < bar.time) return { bar };
  return {
    bar: {
      time,
      open: bar.open,
      high: Math.max(bar.high, pricePoints),
      low: Math.min(bar.low, pricePoints),
      close: pricePoints,
      volume: bar.volume + 1,
    },
  };
}

function isSortedByTime(bars: readonly Bar[]): boolean {
  let previous = -Infinity;
  for (const bar of bars) {
    if (bar.time < previous) return false;
    previous = bar.time;
  }
  return true;
}

/**
 * Rolls shorter bars (normally 1M) up into `period` [K6]: open of the first, close of the last,
 * extremes over all, volumes summed. The result is sorted by time; buckets without any input bar
 * get no bar, as a bucket without ticks would not.
 */
export function rollUp(bars: readonly Bar[], period: KlinePeriod): Bar[] {
  const sorted = isSortedByTime(bars) ? bars : [...bars].sort((a, b) => a.time - b.time);
  const result: Bar[] = [];
  let current: Bar | undefined;
  for (const bar of sorted) {
    const time = bucketStart(bar.time, period);
    if (current !== undefined && current.time === time) {
      if (bar.high > current.high) current.high = bar.high;
      if (bar.low < current.low) current.low = bar.low;
      current.close = bar.close;
      current.volume += bar.volume;
    } else {
      current = { time, open: bar.open, high: bar.high, low: bar.low, close: bar.close, volume: bar.volume };
      result.push(current);
    }
  }
  return result;
}

export interface KlineUpdate {
  /**
   * False when the tick was older than a forming bar and so ignored by every period; `forming`
   * then holds the unchanged bars and `closed` is empty.
   */
  applied: boolean;
  /** The forming bar of every period that has one, after the tick. */
  forming: Map<KlinePeriod, Bar>;
  /** Bars this tick closed, shortest period first. */
  closed: Array<{ period: KlinePeriod; bar: Bar }>;
}

/**
 * The forming bar of every period for ONE instrument [K7]. Feed it the bid of each tick.
 *
 * A late tick is ignored by all periods or by none: if the 1M bar had already moved on but the 1D
 * bar took the tick, the day's volume would no longer be the sum of its minutes.
 */
export class KlineBook {
  readonly #forming = new Map<KlinePeriod, Bar>();

  applyTick(pricePoints: number, timeMs: number): KlineUpdate {
    const timeSec = Math.floor(timeMs / 1000);
    for (const [period, bar] of this.#forming) {
      if (bucketStart(timeSec, period) < bar.time) {
        return { applied: false, forming: new Map(this.#forming), closed: [] };
      }
    }
    const closed: KlineUpdate['closed'] = [];
    for (const period of KLINE_PERIODS) {
      const result = foldTick(this.#forming.get(period), pricePoints, timeSec, period);
      this.#forming.set(period, result.bar);
      if (result.closed) closed.push({ period, bar: result.closed });
    }
    return { applied: true, forming: new Map(this.#forming), closed };
  }

  /** Resumes a forming bar after a restart, e.g. the last stored bar of the period. */
  seed(period: KlinePeriod, bar: Bar): void {
    this.#forming.set(period, { ...bar });
  }

  forming(period: KlinePeriod): Bar | undefined {
    return this.#forming.get(period);
  }
}
