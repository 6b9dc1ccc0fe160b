/**
 * Invents a plausible past for an instrument, so every chart period has history on the first start.
 *
 * The path is generated BACKWARDS from the last known price (`endBid` at `endTimeMs`): the newest
 * bar closes exactly there, and the live feed, resuming from the same bid, continues it without a
 * jump. The price walk is symmetric in time, so walking it backwards gives an ordinary-looking past.
 *
 * Two layers:
 * - a 1-minute path over the trading minutes of the last ~24 calendar days, rolled up into
 *   5M…1H and into the daily bars of those days (the most recent 2000 bars of 1M and 5M are kept);
 * - one step per trading day for the ~450 days before, joined to the first open of the minute layer.
 * Bars exist only where the schedule is open (no forex bar on a Saturday). Volume is a Poisson
 * draw of ticksPerSecond × the time the bar covers, standing in for the number of ticks.
 *
 * Each minute takes one walk step, not one step per tick, which keeps 45 instruments to under
 * a second; the high and low of a bar are a draw of the excursion a walk makes within it.
 */
import {
  type Bar,
  type InstrumentSpec,
  type StoredKlinePeriod,
  MS_PER_DAY,
  MS_PER_MINUTE,
  type SimulationProfile,
  type TimeSpan,
  openSpans,
  parsePriceToPoints,
  rollUp,
} from '@omp/engine';
import { type PriceWalk, SECONDS_PER_YEAR, priceWalk, stepPrice } from './price-walk.ts';
import { SeededRandom, deriveSeed } from './seeded-random.ts';

/** The stored periods' bars; the derived ones are rolled up from these when read. */
export type BarHistory = Record<StoredKlinePeriod, Bar[]>;

export interface BackfillOptions {
  spec: InstrumentSpec;
  profile: SimulationProfile;
  /** Unix ms the history ends at (normally now); the bar holding it is the forming one. */
  endTimeMs: number;
  /** Bid at `endTimeMs`, points: the close of the newest bar of every period. */
  endBid: number;
  seed: number;
}

/** Calendar days of 1-minute history, counting the end day. 24 days hold 300+ hourly forex bars. */
const MINUTE_WINDOW_DAYS = 24;
/** For a thin schedule the minute layer grows a week at a time until it holds this many minutes. */
const MINUTE_WINDOW_MIN_TRADING_MINUTES = 330 * 60;
const MINUTE_WINDOW_MAX_DAYS = 120;
/** Calendar days of daily history, counting the end day: 450 days hold 380 forex trading days. */
const DAILY_HISTORY_DAYS = 450;
/** The newest bars kept of the periods the minute layer gives too many of. */
const KEEP_NEWEST: Partial<Record<StoredKlinePeriod, number>> = { '1M': 2000, '5M': 2000 };
/** Scales the excursion beyond open and close; ~0.5σ of the bar matches a walk's typical wick. */
const WICK_SCALE = 0.5;

function openMinutes(spans: readonly TimeSpan[]): number {
  let total = 0;
  for (const span of spans) total += (span.toMs - span.fromMs) / MS_PER_MINUTE;
  return total;
}

/** A bar from its open and close: wicks drawn from the volatility of the time it covers. */
function makeBar(
  random: SeededRandom,
  walk: PriceWalk,
  timeSec: number,
  open: number,
  close: number,
  seconds: number,
  ticksPerSecond: number,
): Bar {
  const top = Math.max(open, close);
  const bottom = Math.min(open, close);
  const deviation = walk.annualVolatility * Math.sqrt(seconds / SECONDS_PER_YEAR) * top * WICK_SCALE;
  const high = Math.min(
    top + Math.round(Math.abs(random.normal()) * deviation),
    Math.max(walk.maxPoints, top),
  );
  const low = Math.max(
    bottom - Math.round(Math.abs(random.normal()) * deviation),
    Math.min(walk.minPoints, bottom),
    1,
  );
  const volume = Math.max(1, random.poisson(ticksPerSecond * seconds));
  return { time: timeSec, open, high, low, close, volume };
}

/** Start ms of every minute that has some open time in `spans`, oldest first. */
function tradingMinuteStarts(spans: readonly TimeSpan[]): number[] {
  const starts: number[] = [];
  let previous = -Infinity;
  for (const span of spans) {
    for (
      let minute = Math.floor(span.fromMs / MS_PER_MINUTE) * MS_PER_MINUTE;
      minute < span.toMs;
      minute += MS_PER_MINUTE
    ) {
      if (minute > previous) starts.push(minute);
      previous = minute;
    }
  }
  return starts;
}

export function backfillHistory(options: BackfillOptions): BarHistory {
  const { spec, profile } = options;
  const anchor = parsePriceToPoints(profile.startPrice, spec.pricePrecision);
  if (anchor === null) throw new RangeError(`${spec.code}: start price ${profile.startPrice} is not a price`);
  if (!Number.isSafeInteger(options.endBid) || options.endBid <= 0) {
    throw new RangeError(`${spec.code}: end bid must be positive integer points, got ${options.endBid}`);
  }
  const walk = priceWalk(anchor, profile.annualVolatility);
  const random = new SeededRandom(deriveSeed(options.seed, `history:${spec.code}`));
  const ticksPerSecond = Math.max(0, profile.ticksPerSecond);
  const endMs = Math.floor(options.endTimeMs);
  const endDayMs = Math.floor(endMs / MS_PER_DAY) * MS_PER_DAY;

  // The minute layer starts at 00:00 UTC, so its daily bars are whole days.
  let windowStartMs = endDayMs - (MINUTE_WINDOW_DAYS - 1) * MS_PER_DAY;
  let spans = openSpans(spec.schedule, windowStartMs, endMs + 1);
  while (
    openMinutes(spans) < MINUTE_WINDOW_MIN_TRADING_MINUTES &&
    windowStartMs > endDayMs - MINUTE_WINDOW_MAX_DAYS * MS_PER_DAY
  ) {
    windowStartMs -= 7 * MS_PER_DAY;
    spans = openSpans(spec.schedule, windowStartMs, endMs + 1);
  }

  // Newest first: each minute closes where the next one opened.
  const starts = tradingMinuteStarts(spans);
  const minutes: Bar[] = [];
  let price = options.endBid;
  for (let i = starts.length - 1; i >= 0; i--) {
    const startMs = starts[i] ?? 0;
    // The newest minute is cut short at the end time; the older ones are whole.
    const seconds = i === starts.length - 1 ? Math.min(60, (endMs - startMs) / 1000) : 60;
    const close = price;
    if (seconds < 1) {
      // The end time is the very start of its minute: that minute holds the one tick at the end.
      minutes.push({ time: startMs / 1000, open: close, high: close, low: close, close, volume: 1 });
      continue;
    }
    const open = stepPrice(walk, close, seconds, random.normal());
    minutes.push(makeBar(random, walk, startMs / 1000, open, close, seconds, ticksPerSecond));
    price = open;
  }
  minutes.reverse();

  // Before the minute layer, one step per day that has trading, again newest first.
  const olderDays: Bar[] = [];
  const oldestDayMs = endDayMs - (DAILY_HISTORY_DAYS - 1) * MS_PER_DAY;
  for (let dayMs = windowStartMs - MS_PER_DAY; dayMs >= oldestDayMs; dayMs -= MS_PER_DAY) {
    const seconds = (openMinutes(openSpans(spec.schedule, dayMs, dayMs + MS_PER_DAY)) * MS_PER_MINUTE) / 1000;
    if (seconds === 0) continue;
    const close = price;
    const open = stepPrice(walk, close, seconds, random.normal());
    olderDays.push(makeBar(random, walk, dayMs / 1000, open, close, seconds, ticksPerSecond));
    price = open;
  }
  olderDays.reverse();

  // Each period from the one below it: every bucket nests in the next (5M in 15M … 1H in a UTC
  // day), so this gives the bars rolling the minutes up would, over far fewer input bars.
  const fiveMinutes = rollUp(minutes, '5M');
  const quarters = rollUp(fiveMinutes, '15M');
  const halfHours = rollUp(quarters, '30M');
  const hours = rollUp(halfHours, '1H');
  const history: BarHistory = {
    '1M': minutes,
    '5M': fiveMinutes,
    '15M': quarters,
    '30M': halfHours,
    '1H': hours,
    '1D': [...olderDays, ...rollUp(hours, '1D')],
  };
  for (const [period, keep] of Object.entries(KEEP_NEWEST) as Array<[StoredKlinePeriod, number]>) {
    history[period] = history[period].slice(-keep);
  }
  return history;
}
