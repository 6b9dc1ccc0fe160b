/**
 * The simulated market: realistic prices, spreads and trading hours for every instrument, from a
 * seeded generator so a run can be replayed.
 *
 * Time advances in rounds. A round covers (cursor, end]; for each instrument open in it, the round
 * draws a Poisson number of ticks (ticksPerSecond × round length), places them at distinct
 * milliseconds inside the round, steps the price walk for each, and hands the whole batch to
 * `onTicks` once. Ticks are only placed at open times, so none falls outside trading hours even
 * when a round straddles an open or a close.
 *
 * Live, an interval timer ends a round at `now()` every `intervalMs`. Tests call `advanceTo()` to
 * drive rounds of simulated time with no timer at all.
 */
import {
  type InstrumentSpec,
  type SimulationProfile,
  isMarketOpen,
  parsePriceToPoints,
  rescalePoints,
  type WeeklySchedule,
} from '@omp/engine';
import type { MarketFeed, Tick } from './market-feed.ts';
import { type PriceWalk, priceWalk, stepPrice } from './price-walk.ts';
import { SeededRandom, deriveSeed } from './seeded-random.ts';

export const DEFAULT_INTERVAL_MS = 100;

/**
 * A live round longer than this means the process stalled (a debugger, a suspended laptop). The
 * missed time is skipped instead of replayed: a burst of old ticks would only be stale quotes.
 */
const MAX_LIVE_CATCH_UP_MS = 5_000;

/**
 * The walk never steps more than this much time at once. After a weekend or a restart the first
 * tick then continues from the last price instead of jumping by two days of volatility.
 */
const MAX_STEP_SECONDS = 60;

export interface SimulatedInstrument {
  spec: InstrumentSpec;
  profile: SimulationProfile;
  /** Bid to resume from, points (e.g. the last stored one); the profile's start price otherwise. */
  lastBid?: number;
}

export interface FeedTimers {
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface SimulatedFeedOptions {
  instruments: SimulatedInstrument[];
  seed: number;
  now?: () => number;
  /** Length of a round; default 100 ms. */
  intervalMs?: number;
  /** Timer functions, replaceable so a test can own the clock. */
  timers?: FeedTimers;
}

interface InstrumentState {
  code: string;
  precision: number;
  profile: SimulationProfile;
  schedule: WeeklySchedule;
  spreadPoints: number;
  ticksPerSecond: number;
  walk: PriceWalk;
  random: SeededRandom;
  bid: number;
  lastTickMs: number | undefined;
}

const systemTimers: FeedTimers = {
  setInterval: (callback, ms) => setInterval(callback, ms),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
};

function instrumentState(instrument: SimulatedInstrument, seed: number): InstrumentState {
  const { spec, profile } = instrument;
  const anchor = parsePriceToPoints(profile.startPrice, spec.pricePrecision);
  if (anchor === null) throw new RangeError(`${spec.code}: start price ${profile.startPrice} is not a price`);
  if (!Number.isSafeInteger(spec.spreadPoints) || spec.spreadPoints < 0) {
    throw new RangeError(`${spec.code}: spread must be whole points ≥ 0, got ${spec.spreadPoints}`);
  }
  const walk = priceWalk(anchor, profile.annualVolatility);
  const resumed = instrument.lastBid;
  const usable = resumed !== undefined && Number.isSafeInteger(resumed) && resumed > 0;
  return {
    code: spec.code,
    precision: spec.pricePrecision,
    profile,
    schedule: spec.schedule,
    spreadPoints: spec.spreadPoints,
    ticksPerSecond: Math.max(0, profile.ticksPerSecond),
    walk,
    random: new SeededRandom(deriveSeed(seed, `live:${spec.code}`)),
    bid: usable ? resumed : anchor,
    lastTickMs: undefined,
  };
}

export class SimulatedFeed implements MarketFeed {
  readonly name = 'simulated';
  readonly #states: InstrumentState[];
  readonly #now: () => number;
  readonly #intervalMs: number;
  readonly #timers: FeedTimers;
  #onTicks: ((ticks: Tick[]) => void) | undefined;
  #timer: unknown;
  #running = false;
  /** End of the last round, Unix ms; undefined until the first round. */
  #cursorMs: number | undefined;

  constructor(options: SimulatedFeedOptions) {
    const codes = new Set<string>();
    for (const { spec } of options.instruments) {
      if (codes.has(spec.code)) throw new Error(`instrument ${spec.code} is listed twice`);
      codes.add(spec.code);
    }
    this.#states = options.instruments.map((instrument) => instrumentState(instrument, options.seed));
    this.#now = options.now ?? Date.now;
    this.#intervalMs = Math.max(1, Math.floor(options.intervalMs ?? DEFAULT_INTERVAL_MS));
    this.#timers = options.timers ?? systemTimers;
  }

  start(onTicks: (ticks: Tick[]) => void): void {
    if (this.#running) throw new Error('the simulated feed is already running');
    this.#onTicks = onTicks;
    this.#running = true;
    this.#cursorMs ??= Math.floor(this.#now());
    this.#timer = this.#timers.setInterval(() => this.#liveRound(), this.#intervalMs);
  }

  stop(): void {
    if (!this.#running) return;
    this.#running = false;
    this.#timers.clearInterval(this.#timer);
    this.#timer = undefined;
    this.#onTicks = undefined;
  }

  /** The current bid of an instrument, points (the last ticked or the one it resumed from). */
  bid(code: string): number | undefined {
    return this.#states.find((state) => state.code === code)?.bid;
  }
  /**
   * The back office changed an instrument: its next tick uses the new spread and hours, and a new
   * price precision (the walk goes on from the same price, in the new points).
   */
  updateInstrument(
    spec: Pick<InstrumentSpec, 'code' | 'spreadPoints' | 'schedule' | 'pricePrecision'>,
  ): void {
    const state = this.#states.find((candidate) => candidate.code === spec.code);
    if (!state) return;
    state.spreadPoints = spec.spreadPoints;
    state.schedule = spec.schedule;
    if (spec.pricePrecision !== state.precision) {
      const anchor = parsePriceToPoints(state.profile.startPrice, spec.pricePrecision);
      if (anchor !== null) state.walk = priceWalk(anchor, state.profile.annualVolatility);
      state.bid = rescalePoints(state.bid, state.precision, spec.pricePrecision);
      state.precision = spec.pricePrecision;
    }
  }

  /**
   * Runs every round from the last one (or from `now()`, before the first) up to `timeMs` and
   * delivers each round's ticks to the `onTicks` given to `start` (if any). Rounds are
   * `intervalMs` long, or a little longer so the last ends exactly at `timeMs`: a timer firing a
   * few ms late makes one round, not a full one and a sliver. Returns the ticks of all rounds.
   */
  advanceTo(timeMs: number): Tick[] {
    const end = Math.floor(timeMs);
    // Simulated time begins at `now()` the first time it is needed.
    const from = (this.#cursorMs ??= Math.floor(this.#now()));
    if (end <= from) return [];
    const span = end - from;
    const rounds = Math.max(1, Math.floor(span / this.#intervalMs));
    const all: Tick[] = [];
    let roundStart = from;
    for (let round = 1; round <= rounds; round++) {
      const roundEnd = from + Math.round((span * round) / rounds);
      const ticks = this.#round(roundStart, roundEnd);
      this.#cursorMs = roundEnd;
      roundStart = roundEnd;
      if (ticks.length === 0) continue;
      for (const tick of ticks) all.push(tick);
      this.#onTicks?.(ticks);
    }
    return all;
  }

  #liveRound(): void {
    const now = Math.floor(this.#now());
    if (this.#cursorMs !== undefined && now - this.#cursorMs > MAX_LIVE_CATCH_UP_MS) {
      this.#cursorMs = now - this.#intervalMs;
    }
    this.advanceTo(now);
  }

  /** The ticks of (fromMs, toMs], sorted by time. */
  #round(fromMs: number, toMs: number): Tick[] {
    const lengthMs = toMs - fromMs;
    const ticks: Tick[] = [];
    for (const state of this.#states) {
      // Sessions are whole minutes and a round is normally far shorter, so a market closed at
      // both ends of the round is closed throughout; skip it without drawing anything.
      if (!isMarketOpen(state.schedule, fromMs + 1) && !isMarketOpen(state.schedule, toMs)) continue;
      const count = Math.min(lengthMs, state.random.poisson((state.ticksPerSecond * lengthMs) / 1000));
      if (count === 0) continue;
      const times: number[] = [];
      for (let i = 0; i < count; i++) times.push(fromMs + 1 + Math.floor(state.random.next() * lengthMs));
      times.sort((a, b) => a - b);
      let previous = fromMs;
      for (const drawn of times) {
        // Two draws on the same millisecond: push the later one on, so times strictly increase.
        const timeMs = Math.max(drawn, previous + 1);
        if (timeMs > toMs) break;
        previous = timeMs;
        if (!isMarketOpen(state.schedule, timeMs)) continue;
        const sinceLastMs =
          state.lastTickMs === undefined ? 1000 / state.ticksPerSecond : timeMs - state.lastTickMs;
        const dtSeconds = Math.min(MAX_STEP_SECONDS, sinceLastMs / 1000);
        state.bid = stepPrice(state.walk, state.bid, dtSeconds, state.random.normal());
        state.lastTickMs = timeMs;
        ticks.push({ code: state.code, bid: state.bid, ask: state.bid + state.spreadPoints, timeMs });
      }
    }
    // Stable: ticks of one instrument keep their order, and instruments on the same millisecond
    // keep the order of the instrument list.
    return ticks.sort((a, b) => a.timeMs - b.timeMs);
  }
}
