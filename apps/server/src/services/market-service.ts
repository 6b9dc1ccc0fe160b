/**
 * The live market: turns ticks into quotes, day statistics and kline bars, keeps the forming bars
 * in memory (the database gets them once a second and when a bar closes), and answers the market
 * calls. It trusts the ticks it is given: the feed adapters and the ingest route validate them.
 */
import {
  foldDayTick,
  isMarketOpen,
  DERIVED_KLINE_SOURCE,
  isStoredPeriod,
  nextOpenTime,
  rescalePoints,
  type Bar,
  type InstrumentSpec,
  type KlinePeriod,
  type StoredKlinePeriod,
} from '@omp/engine';
import { MarketStatus, type Instrument, type KlinePoint, type Language, type Quotation } from '@omp/protocol';
import type { Tick } from '../adapters/feed/market-feed.ts';
import { toKlinePoint, toQuotation, toWireInstrument } from '../wire/market-wire.ts';
import type { InstrumentRecord, MarketRepository } from '../repositories/market-repository.ts';
import type { AppEvents, EventBus } from '../events/event-bus.ts';
import type { Tx } from '../repositories/unit-of-work.ts';
import { storedOrDerivedBars } from './derived-klines.ts';
import { instrumentName } from '../seed/instrument-names.ts';
import { matchesSearch } from './instrument-search.ts';
import { type BarsByPeriod } from './unwritten-bars.ts';
import { loadLiveInstrument, rescaleLive, type LiveInstrument } from './live-instrument.ts';
import {
  KlinePages,
  latestPageJson,
  OLDER_KLINE_PAGES_MAX_BYTES,
  olderPageJson,
  olderPageKey,
  rememberedHead,
  type CachedHead,
  type LatestPageJson,
} from './kline-pages.ts';

/** Bars of the mini chart on the home list. */
const ABBREVIATED_BARS = 96;
const ABBREVIATED_CACHE_MS = 10_000;

export interface MarketServiceOptions {
  repository: MarketRepository;
  /** Where quotes and bars are announced (`quote`, `kline`). */
  bus: EventBus;
  now: () => number;
  /** The leverage an instrument offers under its cap (services/leverage-caps.ts); all of it without. */
  leverageOptionsOf?: (spec: InstrumentSpec) => readonly number[];
}

export class MarketService {
  private readonly repository: MarketRepository;
  private readonly bus: EventBus;
  private readonly now: () => number;
  private readonly leverageOptionsOf: (spec: InstrumentSpec) => readonly number[];
  private readonly byId = new Map<number, LiveInstrument>();
  private readonly byCode = new Map<string, LiveInstrument>();
  /** The mini charts' answers, as UTF-8 JSON (and its compressed heads), each kept ABBREVIATED_CACHE_MS. */
  private readonly abbreviatedCache = new Map<
    string,
    { atMs: number; json: Buffer; heads: Map<string, CachedHead> }
  >();
  /** Encoded closed bars of the latest pages (kline-pages.ts). */
  private readonly pages = new KlinePages();
  /**
   * Older pages (`before`), apart: charts scrolling back to many different times must not push
   * out the latest pages, which every chart opens with.
   */
  private readonly olderPages = new KlinePages(OLDER_KLINE_PAGES_MAX_BYTES);
  /** Counts the starts and ends of writes of bars, so a page read across one is not kept. */
  private barWrites = 0;
  private readonly tickListeners = new Set<(instrumentId: number, tick: Tick) => void>();
  /** Instruments whose ticks are held back (holdTicks). */
  private readonly heldIds = new Set<number>();
  private tickCount = 0;
  private lastTickAtMs = 0;

  constructor(options: MarketServiceOptions) {
    this.repository = options.repository;
    this.bus = options.bus;
    this.now = options.now;
    this.leverageOptionsOf = options.leverageOptionsOf ?? ((spec) => spec.leverageOptions);
    this.bus.subscribe('instrument_changed', (change) => this.applyInstrumentChange(change));
  }

  /** Loads instruments and resumes quotes, day statistics and forming bars from the database. */
  async init(): Promise<void> {
    // A halted instrument is loaded like the others: it keeps quoting, so its positions can close.
    for (const record of await this.repository.listInstruments()) {
      const live = await loadLiveInstrument(this.repository, record);
      this.byId.set(record.spec.id, live);
      this.byCode.set(record.spec.code, live);
    }
  }

  /**
   * Staff changed an instrument: quotes built from a bid alone (the feed's, an ingested tick without
   * an ask) use the new spread from the next tick, on every node that hears the event. Its quote is
   * announced at once, so phones see a halt (or its end) without waiting for a tick.
   */
  private applyInstrumentChange(change: AppEvents['instrument_changed']): void {
    const live = this.byId.get(change.instrumentId);
    if (!live) return;
    const from = live.spec.pricePrecision;
    const to = change.spec.pricePrecision;
    if (from !== to) rescaleLive(live, (points) => rescalePoints(points, from, to));
    this.heldIds.delete(change.instrumentId);
    live.spec = change.spec;
    live.record = { ...live.record, spec: change.spec, enabled: change.enabled, names: change.names };
    this.abbreviatedCache.clear();
    // Its stored prices may have been rewritten (a new precision): no page of it is trusted.
    this.barWrites += 1;
    this.pages.forInstrument(change.instrumentId);
    this.olderPages.forInstrument(change.instrumentId);
    if (live.bid !== undefined)
      this.bus.publish('quote', {
        code: live.spec.code,
        marketStatus: this.marketStatus(live.spec),
        quotation: toQuotation(live),
      });
  }

  /**
   * Ticks of this instrument are dropped until its next change is applied: while its stored prices
   * are rewritten in a new precision, no tick in the old one may reach the bars.
   */
  holdTicks(instrumentId: number): () => void {
    this.heldIds.add(instrumentId);
    return () => this.heldIds.delete(instrumentId);
  }

  instruments(): InstrumentRecord[] {
    return [...this.byId.values()].map((live) => live.record);
  }

  instrumentByCode(code: string): InstrumentSpec | undefined {
    return this.byCode.get(code)?.spec;
  }

  instrumentById(id: number): InstrumentSpec | undefined {
    return this.byId.get(id)?.spec;
  }

  /** The last bid of every instrument, in points, so a feed can resume where the market left off. */
  lastBids(): Map<string, number> {
    const bids = new Map<string, number>();
    for (const live of this.byId.values()) if (live.bid !== undefined) bids.set(live.spec.code, live.bid);
    return bids;
  }

  /** Every accepted tick, after the quote was updated (the trading engine's trigger runner). */
  onTick(listener: (instrumentId: number, tick: Tick) => void): () => void {
    this.tickListeners.add(listener);
    return () => this.tickListeners.delete(listener);
  }

  /** The latest quote in points, or undefined before the first tick. */
  currentQuote(instrumentId: number): { bid: number; ask: number; timeMs: number } | undefined {
    const live = this.byId.get(instrumentId);
    if (!live || live.bid === undefined || live.ask === undefined) return undefined;
    return { bid: live.bid, ask: live.ask, timeMs: live.lastTickMs };
  }

  stats() {
    return { ticks: this.tickCount, lastTickAtMs: this.lastTickAtMs, instruments: this.byId.size };
  }

  applyTicks(ticks: readonly Tick[]): void {
    for (const tick of ticks) this.applyTick(tick);
  }

  private applyTick(tick: Tick): void {
    const live = this.byCode.get(tick.code);
    // Ticks older than the last one would move bars backwards: a bridge replaying history must
    // not rewrite the live market.
    if (!live || tick.timeMs < live.lastTickMs || this.heldIds.has(live.spec.id)) return;
    live.bid = tick.bid;
    live.ask = tick.ask;
    live.lastTickMs = tick.timeMs;
    live.day = foldDayTick(live.day, tick.bid, Math.floor(tick.timeMs / 1000));
    const { forming, closed } = live.book.applyTick(tick.bid, tick.timeMs);
    for (const { period, bar } of closed) this.markDirty(live, period, bar);
    for (const [period, bar] of forming) {
      this.markDirty(live, period, bar);
      this.bus.publish('kline', {
        code: live.spec.code,
        period,
        pricePrecision: live.spec.pricePrecision,
        bar,
      });
    }
    this.tickCount += 1;
    this.lastTickAtMs = tick.timeMs;
    for (const listener of this.tickListeners) listener(live.spec.id, tick);
    this.bus.publish('quote', {
      code: live.spec.code,
      marketStatus: this.marketStatus(live.spec),
      quotation: toQuotation(live),
    });
  }

  private markDirty(live: LiveInstrument, period: KlinePeriod, bar: Bar): void {
    if (isStoredPeriod(period)) live.unwritten.mark(period, bar);
  }

  /**
   * Writes the bars that changed since the last call (and those set aside), in one transaction.
   * `fence` runs first in it and throws to write nothing; what was not written stays to be written
   * by the next call.
   */
  async flush(fence?: (trx: Tx) => Promise<void>): Promise<number> {
    const batch: Array<{ instrumentId: number; period: StoredKlinePeriod; bars: Bar[] }> = [];
    const taken = new Map<LiveInstrument, BarsByPeriod>();
    for (const live of this.byId.values()) {
      const bars = live.unwritten.take();
      taken.set(live, bars);
      for (const [period, byTime] of bars)
        batch.push({ instrumentId: live.spec.id, period, bars: [...byTime.values()] });
    }
    this.barWrites += 1;
    try {
      if (batch.length > 0) await this.repository.upsertBarsBatch(batch, fence);
      for (const [live, bars] of taken) live.unwritten.written(bars);
    } catch (error) {
      // Bars changed meanwhile are newer than the ones taken: those win.
      for (const [live, bars] of taken) live.unwritten.restore(bars);
      throw error;
    } finally {
      this.barWrites += 1;
    }
    return batch.reduce((n, item) => n + item.bars.length, 0);
  }

  /**
   * On a cluster node that does not write bars (another produces the market): keeps the changes of
   * the last `keep` calls instead of writing them. The node builds the same bars as the producer, so
   * if it takes over, its first flush also writes what a producer that died may have left unwritten.
   */
  setAsideUnwritten(keep: number): void {
    for (const live of this.byId.values()) live.unwritten.setAside(keep);
  }

  /** Closed outside the hours, and while staff halt new orders (the phones then offer no ticket). */
  marketStatus(spec: InstrumentSpec): MarketStatus {
    return !spec.tradingHalted && isMarketOpen(spec.schedule, this.now())
      ? MarketStatus.open
      : MarketStatus.closed;
  }

  /** The latest quotation of every instrument, for socket snapshots. */
  quotations(): Array<{ code: string; marketStatus: number; quotation: Quotation }> {
    return [...this.byId.values()].map((live) => ({
      code: live.spec.code,
      marketStatus: this.marketStatus(live.spec),
      quotation: toQuotation(live),
    }));
  }

  quotationOf(code: string): { code: string; marketStatus: number; quotation: Quotation } | undefined {
    const live = this.byCode.get(code);
    if (!live) return undefined;
    return { code, marketStatus: this.marketStatus(live.spec), quotation: toQuotation(live) };
  }

  formingBar(code: string, period: KlinePeriod): { bar: Bar; pricePrecision: number } | undefined {
    const live = this.byCode.get(code);
    const bar = live?.book.forming(period);
    return live && bar ? { bar, pricePrecision: live.spec.pricePrecision } : undefined;
  }

  listInstruments(
    filter: { search?: string | undefined; categoryId?: number | undefined } = {},
    lang: Language = 'en',
  ): Instrument[] {
    const search = filter.search?.trim() ?? '';
    const nowMs = this.now();
    const result: Instrument[] = [];
    for (const live of this.byId.values()) {
      const { spec, record } = live;
      if (filter.categoryId !== undefined && spec.categoryId !== filter.categoryId) continue;
      const name = instrumentName(record, lang);
      if (search && !matchesSearch(search, [spec.code, spec.showCode, name, instrumentName(record, 'en')]))
        continue;
      const status = this.marketStatus(spec);
      const nextOpen = status === MarketStatus.open ? null : nextOpenTime(spec.schedule, nowMs);
      result.push(
        toWireInstrument({
          spec,
          name,
          status,
          nextOpenMs: nextOpen,
          leverageOptions: this.leverageOptionsOf(spec),
          quotation: toQuotation(live),
        }),
      );
    }
    return result;
  }

  /** The instrument categories with their names in every language. */
  categories() {
    return this.repository.listCategories();
  }

  /** Bars oldest first; without `beforeTime` the forming bar from memory replaces its stored copy. */
  async klines(
    instrumentId: number,
    period: KlinePeriod,
    limit: number,
    beforeTime?: number,
  ): Promise<KlinePoint[]> {
    const live = this.byId.get(instrumentId);
    if (!live) return [];
    const bars = await storedOrDerivedBars(this.repository, instrumentId, period, limit, beforeTime);
    const forming = beforeTime === undefined ? live.book.forming(period) : undefined;
    if (forming) {
      const last = bars.at(-1);
      if (last && last.time === forming.time) bars[bars.length - 1] = forming;
      else if (!last || last.time < forming.time) bars.push(forming);
      if (bars.length > limit) bars.shift();
    }
    return bars.map((bar) => toKlinePoint(bar, live.spec.pricePrecision));
  }

  /**
   * The latest `limit` bars (no `before`) as the JSON text of `klines`: the closed ones from the
   * encoded pages, the forming one encoded now (kline-pages.ts).
   */
  async latestKlinesJson(instrumentId: number, period: KlinePeriod, limit: number): Promise<LatestPageJson> {
    const live = this.byId.get(instrumentId);
    if (!live) return { closed: Buffer.alloc(0), formingJson: '', remember: undefined };
    const source = isStoredPeriod(period) ? period : DERIVED_KLINE_SOURCE[period];
    return latestPageJson(this.pages, {
      key: KlinePages.key(instrumentId, period, limit),
      limit,
      forming: () => live.book.forming(period),
      pricePrecision: () => live.spec.pricePrecision,
      closedBarsWritten: (formingTime) =>
        !this.heldIds.has(instrumentId) && !live.unwritten.hasBarBefore(source, formingTime),
      writes: () => this.barWrites,
      readBars: () => storedOrDerivedBars(this.repository, instrumentId, period, limit),
      uncached: () => this.klines(instrumentId, period, limit),
    });
  }

  /** Older bars (`before`) as the JSON text of `klines`, kept once all closed and written (kline-pages.ts). */
  async olderKlinesJson(
    instrumentId: number,
    period: KlinePeriod,
    limit: number,
    before: number,
  ): Promise<LatestPageJson> {
    const live = this.byId.get(instrumentId);
    const source = isStoredPeriod(period) ? period : DERIVED_KLINE_SOURCE[period];
    return olderPageJson(this.olderPages, {
      key: olderPageKey(instrumentId, period, limit, before),
      before,
      formingTime: () => live?.book.forming(period)?.time,
      pricePrecision: () => live?.spec.pricePrecision ?? 0,
      closedBarsWritten: (formingTime) =>
        !this.heldIds.has(instrumentId) && !live?.unwritten.hasBarBefore(source, formingTime),
      writes: () => this.barWrites,
      read: () => this.klines(instrumentId, period, limit, before),
    });
  }

  /** The mini chart's bars as JSON text, the same answer for ABBREVIATED_CACHE_MS. */
  async abbreviatedKlinesJson(instrumentId: number, period: KlinePeriod): Promise<LatestPageJson> {
    const key = `${instrumentId}:${period}`;
    let cached = this.abbreviatedCache.get(key);
    const nowMs = this.now();
    if (!cached || nowMs - cached.atMs >= ABBREVIATED_CACHE_MS) {
      const page = await this.latestKlinesJson(instrumentId, period, ABBREVIATED_BARS);
      cached = {
        atMs: nowMs,
        json: Buffer.concat([page.closed, Buffer.from(page.formingJson)]),
        heads: new Map(),
      };
      this.abbreviatedCache.set(key, cached);
    }
    // The same answer for the whole while: its compressed heads are kept with it (a few per language).
    return { closed: cached.json, formingJson: '', remember: rememberedHead(cached.heads, () => {}) };
  }
}
