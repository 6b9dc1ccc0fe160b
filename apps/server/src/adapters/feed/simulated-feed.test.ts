import { describe, it, expect } from 'vitest';
import { isMarketOpen, parsePriceToPoints } from '@omp/engine';
import type { Tick } from './market-feed.ts';
import { priceWalk } from './price-walk.ts';
import { type FeedTimers, SimulatedFeed, type SimulatedInstrument } from './simulated-feed.ts';
import { BTCUSDT, DOGEUSDT, EURUSD, type TestInstrument, US30, XAUUSD } from './test-instruments.ts';

// 2025-01-10 is a Friday.
const utc = (day: number, hour = 0, minute = 0, second = 0) => Date.UTC(2025, 0, day, hour, minute, second);
const FRIDAY = 10;
const SATURDAY = 11;
const SUNDAY = 12;

/** Drives a feed through simulated time and checks every batch as it is delivered. */
function drive(feed: SimulatedFeed, toMs: number, onBatch: (ticks: Tick[]) => void): void {
  feed.start(onBatch);
  feed.advanceTo(toMs);
  feed.stop();
}

const manualTimers = (): FeedTimers & { fire(): void; active(): boolean } => {
  let callback: (() => void) | undefined;
  return {
    setInterval: (fn) => {
      callback = fn;
      return 1;
    },
    clearInterval: () => {
      callback = undefined;
    },
    fire: () => callback?.(),
    active: () => callback !== undefined,
  };
};

/** What the feed promises for every tick, checked without `expect` per tick (too slow at this volume). */
class TickAudit {
  readonly violations: string[] = [];
  readonly counts = new Map<string, number>();
  readonly #last = new Map<string, number>();
  readonly #instruments: Map<string, TestInstrument>;

  constructor(instruments: readonly TestInstrument[]) {
    this.#instruments = new Map(instruments.map((instrument) => [instrument.spec.code, instrument]));
  }

  batch(ticks: readonly Tick[]): void {
    if (ticks.length === 0) this.violations.push('empty batch');
    let previousTime = -Infinity;
    for (const tick of ticks) {
      const instrument = this.#instruments.get(tick.code);
      if (!instrument) {
        this.violations.push(`unknown ${tick.code}`);
        continue;
      }
      const { spec, profile } = instrument;
      const walk = priceWalk(
        parsePriceToPoints(profile.startPrice, spec.pricePrecision) ?? 0,
        profile.annualVolatility,
      );
      const where = `${tick.code} at ${new Date(tick.timeMs).toISOString()}`;
      if (!isMarketOpen(spec.schedule, tick.timeMs)) this.violations.push(`${where}: market closed`);
      if (!Number.isSafeInteger(tick.bid) || tick.bid < walk.minPoints || tick.bid > walk.maxPoints) {
        this.violations.push(`${where}: bid ${tick.bid} outside the band`);
      }
      if (!(tick.bid < tick.ask) || tick.ask !== tick.bid + spec.spreadPoints)
        this.violations.push(`${where}: ask ${tick.ask}`);
      if (tick.timeMs <= (this.#last.get(tick.code) ?? -Infinity))
        this.violations.push(`${where}: time went back`);
      if (tick.timeMs < previousTime) this.violations.push(`${where}: batch not sorted`);
      previousTime = tick.timeMs;
      this.#last.set(tick.code, tick.timeMs);
      this.counts.set(tick.code, (this.counts.get(tick.code) ?? 0) + 1);
    }
    if (this.violations.length > 20) throw new Error(this.violations.slice(0, 20).join('\n'));
  }
}

function feedOf(
  instruments: SimulatedInstrument[],
  startMs: number,
  seed = 1,
  intervalMs = 100,
): SimulatedFeed {
  return new SimulatedFeed({ instruments, seed, now: () => startMs, intervalMs, timers: manualTimers() });
}

describe('SimulatedFeed over a weekend', () => {
  const instruments = [EURUSD, XAUUSD, US30, DOGEUSDT];

  it('ticks forex only inside its hours, crypto throughout, with sane prices', () => {
    const feed = feedOf(instruments, utc(FRIDAY, 21), 2024, 1000);
    const audit = new TickAudit(instruments);
    const forexTimes: number[] = [];
    drive(feed, utc(SUNDAY, 23), (ticks) => {
      audit.batch(ticks);
      for (const tick of ticks) if (tick.code === 'EURUSD') forexTimes.push(tick.timeMs);
    });

    expect(audit.violations).toEqual([]);
    expect(forexTimes.some((t) => t < utc(FRIDAY, 22))).toBe(true);
    expect(forexTimes.some((t) => t >= utc(SUNDAY, 22))).toBe(true);
    expect(forexTimes.filter((t) => t >= utc(FRIDAY, 22) && t < utc(SUNDAY, 22))).toEqual([]);
    // Last tick before the close and first after the open sit right at the boundaries.
    expect(Math.max(...forexTimes.filter((t) => t < utc(FRIDAY, 22)))).toBeGreaterThan(
      utc(FRIDAY, 21, 59, 55),
    );
    expect(Math.min(...forexTimes.filter((t) => t >= utc(SUNDAY, 22)))).toBeLessThan(utc(SUNDAY, 22, 0, 5));
    // DOGE ticks half a second on average through the whole 50 hours, Saturday included.
    const dogeTicks = audit.counts.get('DOGEUSDT') ?? 0;
    expect(dogeTicks).toBeGreaterThan(50 * 3600 * 0.5 * 0.95);
    expect(dogeTicks).toBeLessThan(50 * 3600 * 0.5 * 1.05);
  }, 30_000);
});

describe('SimulatedFeed', () => {
  it('ticks a busy instrument several times a second, at its configured rate', () => {
    const feed = feedOf([BTCUSDT], utc(SATURDAY, 12));
    const perSecond = new Map<number, number>();
    const audit = new TickAudit([BTCUSDT]);
    drive(feed, utc(SATURDAY, 12, 10), (ticks) => {
      audit.batch(ticks);
      for (const tick of ticks)
        perSecond.set(
          Math.floor(tick.timeMs / 1000),
          (perSecond.get(Math.floor(tick.timeMs / 1000)) ?? 0) + 1,
        );
    });
    expect(audit.violations).toEqual([]);
    const total = audit.counts.get('BTCUSDT') ?? 0;
    expect(total).toBeGreaterThan(600 * 5 * 0.93);
    expect(total).toBeLessThan(600 * 5 * 1.07);
    expect([...perSecond.values()].filter((n) => n >= 3).length).toBeGreaterThan(400);
  });

  it('keeps prices in the band and moving over simulated months', () => {
    const slow = (instrument: TestInstrument): TestInstrument => ({
      spec: instrument.spec,
      profile: { ...instrument.profile, ticksPerSecond: 0.02 },
    });
    const instruments = [slow(BTCUSDT), slow(DOGEUSDT), slow(EURUSD)];
    const feed = feedOf(instruments, utc(1), 77, 60_000);
    const audit = new TickAudit(instruments);
    const bids = new Set<number>();
    drive(feed, utc(1) + 90 * 86_400_000, (ticks) => {
      audit.batch(ticks);
      for (const tick of ticks) if (tick.code === 'BTCUSDT') bids.add(tick.bid);
    });
    expect(audit.violations).toEqual([]);
    expect(bids.size).toBeGreaterThan(10_000);
  }, 30_000);

  it('replays exactly from the same seed, and each instrument keeps its path when others are added', () => {
    const run = (instruments: SimulatedInstrument[], seed: number) =>
      feedOf(instruments, utc(FRIDAY, 12), seed)
        .advanceTo(utc(FRIDAY, 12, 5))
        .filter((tick) => tick.code === 'EURUSD');
    const alone = run([EURUSD], 9);
    expect(alone.length).toBeGreaterThan(1000);
    expect(run([EURUSD], 9)).toEqual(alone);
    expect(run([BTCUSDT, XAUUSD, EURUSD], 9)).toEqual(alone);
    expect(run([EURUSD], 10)).not.toEqual(alone);
  });

  it('resumes from the last bid it is given', () => {
    const lastBid = 110_000;
    const feed = feedOf([{ ...EURUSD, lastBid }], utc(FRIDAY, 12));
    const ticks = feed.advanceTo(utc(FRIDAY, 12, 0, 10));
    const first = ticks[0];
    expect(first).toBeDefined();
    expect(Math.abs((first?.bid ?? 0) - lastBid)).toBeLessThan(50);
    expect(feed.bid('EURUSD')).toBe(ticks[ticks.length - 1]?.bid);
  });

  it('starts from the profile price when the last bid is unusable', () => {
    const feed = feedOf([{ ...EURUSD, lastBid: -3 }], utc(FRIDAY, 12));
    expect(feed.bid('EURUSD')).toBe(108_500);
  });

  it('runs rounds from its timer, skipping time lost to a stall instead of replaying it', () => {
    let now = utc(SATURDAY, 12);
    const timers = manualTimers();
    const feed = new SimulatedFeed({ instruments: [BTCUSDT], seed: 3, now: () => now, timers });
    const batches: Tick[][] = [];
    feed.start((ticks) => batches.push(ticks));
    expect(() => feed.start(() => undefined)).toThrow();

    for (let i = 0; i < 50; i++) {
      now += 100;
      timers.fire();
    }
    const liveTicks = batches.flat().length;
    expect(liveTicks).toBeGreaterThan(5);
    expect(
      batches.every((batch) => batch.every((tick) => tick.timeMs > utc(SATURDAY, 12) && tick.timeMs <= now)),
    ).toBe(true);

    now += 3_600_000;
    timers.fire();
    const afterStall = batches.flat().slice(liveTicks);
    expect(afterStall.length).toBeLessThan(20);
    expect(afterStall.every((tick) => tick.timeMs > now - 200)).toBe(true);

    feed.stop();
    expect(timers.active()).toBe(false);
    feed.stop();
  });

  it('refuses a configuration it cannot simulate', () => {
    const broken =
      (patch: Partial<TestInstrument['spec']>, profile: Partial<TestInstrument['profile']> = {}) =>
      () =>
        new SimulatedFeed({
          instruments: [{ spec: { ...EURUSD.spec, ...patch }, profile: { ...EURUSD.profile, ...profile } }],
          seed: 1,
        });
    expect(broken({}, { startPrice: 'abc' })).toThrow(/start price/);
    expect(broken({ spreadPoints: -1 })).toThrow(/spread/);
    expect(() => new SimulatedFeed({ instruments: [EURUSD, EURUSD], seed: 1 })).toThrow(/twice/);
  });
});

describe('SimulatedFeed when the back office changes an instrument', () => {
  it('goes on from the same price in the points of a new precision, with the new spread', () => {
    const feed = feedOf([BTCUSDT], utc(FRIDAY, 12), 5, 1000);
    const before = feed.advanceTo(utc(FRIDAY, 12, 0, 30)).at(-1)!;
    const precision = BTCUSDT.spec.pricePrecision;
    feed.updateInstrument({ ...BTCUSDT.spec, pricePrecision: precision + 1, spreadPoints: 500 });
    const after = feed.advanceTo(utc(FRIDAY, 12, 0, 31))[0]!;
    // One second of walk moves bitcoin far less than 1 %: the price is the same, its points ×10.
    expect(Math.abs(after.bid - before.bid * 10) / (before.bid * 10)).toBeLessThan(0.01);
    expect(after.ask - after.bid).toBe(500);
  });
});
