/**
 * The trading book's life on this node: built from settings, instruments, quotes and every open
 * order; kept in step with staff's settings and instrument changes; fed every tick; rebuilt from the
 * database when a commit fails or this node takes the book over (what was not stored never
 * happened); and loading each user's account on first use.
 *
 * Decisions are not made here: a tick goes to the engine (`applyTick`) and what it fired goes back
 * to the trading service (`fired`), which commits and publishes it like any command.
 */
import {
  TradingBook,
  type Account,
  type InstrumentSpec,
  type Outcome,
  type TradingSettings,
} from '@omp/engine';
import type { Tick } from '../adapters/feed/market-feed.ts';
import type { EventBus } from '../events/event-bus.ts';
import { parseDemoBalance, tradingSettingsOf, type TradingUser } from '../inputs/trading-inputs.ts';
import type { TradingRepository } from '../repositories/trading-repository.ts';
import { applyInstrumentSpec, settingsWithChanges } from './book-terms.ts';
import type { LeverageCaps } from './leverage-caps.ts';
import type { MarketService } from './market-service.ts';
import type { SettingsService } from './settings-service.ts';

export interface BookLifecycleOptions {
  repository: Pick<TradingRepository, 'loadOpenBook' | 'loadAccount'>;
  market: Pick<MarketService, 'instruments' | 'currentQuote' | 'onTick'>;
  settings: Pick<SettingsService, 'all'>;
  events: Pick<EventBus, 'subscribe'>;
  /** Whether the book decides on this node (a single node, or a cluster's owner). */
  runsHere: () => boolean;
  /** Opens a new user's trading account, on the owner (owner-calls.ts). */
  openAccount: (user: TradingUser) => Promise<unknown>;
  /**
   * Commits and publishes what a tick (or staff's new levels) fired; a failure rebuilds the book
   * (outcome-writer.ts).
   */
  fired: (outcomes: Outcome[], atMs: number) => void;
  now: () => number;
  /**
   * The leverage caps (leverage-caps.ts): the book decides on each instrument with only the
   * leverage its cap allows, and takes a change of the caps before the next decision.
   */
  leverageCaps?: Pick<LeverageCaps, 'capped' | 'onChange'> | undefined;
}

export class BookLifecycle {
  private readonly options: BookLifecycleOptions;
  private readonly loading = new Map<number, Promise<void>>();
  private rebuilding: Promise<void> | undefined;
  private unsubscribers: Array<() => void> = [];
  /** The book decisions are made on; replaced whole by a rebuild. */
  book: TradingBook;
  demoBalanceMicros = 0n;

  constructor(options: BookLifecycleOptions) {
    this.options = options;
    this.book = new TradingBook({ feeType: 2, staleQuoteMs: 30_000, marginCallLevel: 100, stopOutLevel: 50 });
  }

  /** Loads settings, instruments, quotes and every open order, then follows the ticks. */
  async init(): Promise<void> {
    const { market, events } = this.options;
    this.book = await this.buildBook();
    this.unsubscribers = [
      market.onTick((instrumentId, tick) => this.onTick(instrumentId, tick)),
      events.subscribe('settings_changed', (event) =>
        this.toBook(() => this.applySettingChanges(event.values)),
      ),
      // On a cluster node that does not own the book, an account the owner changed is read afresh.
      events.subscribe('trading_update', (update) => {
        if (!this.options.runsHere()) this.book.unloadAccount(update.userId);
      }),
      events.subscribe('trading_updates', ({ updates }) => {
        if (this.options.runsHere()) return;
        for (const update of updates) this.book.unloadAccount(update.userId);
      }),
      // New terms (a halt, lots, leverage, fee, hours) decide the next order; open orders keep theirs.
      events.subscribe('instrument_changed', (event) =>
        this.toBook(() => applyInstrumentSpec(this.book.board, this.capped(event.spec))),
      ),
    ];
    // New caps decide the next order too; open positions and waiting orders keep their leverage.
    const caps = this.options.leverageCaps;
    if (caps)
      this.unsubscribers.push(
        caps.onChange(() =>
          this.toBook(() => {
            for (const { spec } of market.instruments()) this.book.board.addInstrument(this.capped(spec));
          }),
        ),
      );
  }

  /**
   * Applies a change of terms to the book now, or, while a rebuild is under way, to the book it
   * makes once it is there: the rebuild may have read the settings and instruments before the
   * change was stored, and the book being replaced would take it to no effect. Applying a change the
   * rebuild already read changes nothing. Decisions and ticks wait for the rebuild too.
   */
  private toBook(apply: () => void): void {
    if (!this.rebuilding) return apply();
    void this.rebuilding.then(
      () => this.toBook(apply),
      () => this.toBook(apply),
    );
  }

  /** Stops following ticks and events. */
  stop(): void {
    for (const unsubscribe of this.unsubscribers) unsubscribe();
    this.unsubscribers = [];
  }

  /**
   * A cluster node that just took the book over: what the previous owner committed is the truth,
   * so the book is rebuilt from the database before it decides or fires anything.
   */
  async takeOwnership(): Promise<void> {
    await this.rebuild();
    // What crossed a trigger while no node owned the book fires now, at the latest price.
    for (const { spec } of this.options.market.instruments()) {
      const quote = this.options.market.currentQuote(spec.id);
      if (quote)
        this.onTick(spec.id, { code: spec.code, bid: quote.bid, ask: quote.ask, timeMs: quote.timeMs });
    }
  }

  async rebuild(): Promise<void> {
    this.rebuilding ??= (async () => {
      try {
        this.book = await this.buildBook();
        this.loading.clear();
      } finally {
        this.rebuilding = undefined;
      }
    })();
    await this.rebuilding;
  }

  /** Loads the user's account into the book, opening it on first use. */
  async account(user: TradingUser): Promise<Account> {
    if (this.rebuilding) await this.rebuilding;
    const loaded = this.book.account(user.id);
    if (loaded) return loaded;
    let loading = this.loading.get(user.id);
    if (!loading) {
      loading = (async () => {
        const { repository } = this.options;
        let account = await repository.loadAccount(user.id);
        if (!account) {
          await this.options.openAccount(user);
          account = await repository.loadAccount(user.id);
        }
        if (account && !this.book.account(user.id)) this.book.loadAccount(account);
      })().finally(() => this.loading.delete(user.id));
      this.loading.set(user.id, loading);
    }
    await loading;
    const account = this.book.account(user.id);
    if (!account) throw new Error(`account ${user.id} could not be loaded`);
    return account;
  }

  /** The trigger runner: fills, stops, stop-outs through the same path as a user's own action. */
  private onTick(instrumentId: number, tick: Tick): void {
    if (this.rebuilding) return;
    // On a cluster only the owner fires; another node's book keeps its quotes for its figures.
    if (!this.options.runsHere()) {
      this.book.board.setQuote(instrumentId, { bid: tick.bid, ask: tick.ask, timeMs: tick.timeMs });
      return;
    }
    const outcomes = this.book.applyTick(instrumentId, tick.bid, tick.ask, tick.timeMs);
    if (outcomes.length > 0) this.options.fired(outcomes, tick.timeMs);
  }

  /**
   * Staff changed settings: the book takes the new values before the next decision or tick. The
   * values come with the event, so this is synchronous and the same on every node. New margin-call
   * or stop-out levels apply at once where the book decides (the engine settles every account);
   * another node's book only keeps them.
   */
  private applySettingChanges(values: Record<string, string>): void {
    const settings = settingsWithChanges(this.book.settings, values);
    if (settings && this.options.runsHere()) {
      const now = this.options.now();
      const outcomes = this.book.changeSettings(settings, now);
      if (outcomes.length > 0) this.options.fired(outcomes, now);
    } else if (settings) this.book.settings = settings;
    if (values.demo_balance !== undefined) this.demoBalanceMicros = parseDemoBalance(values.demo_balance);
  }

  /** The spec with only the leverage its cap allows. */
  private capped(spec: InstrumentSpec): InstrumentSpec {
    return this.options.leverageCaps?.capped(spec) ?? spec;
  }

  private async readSettings(): Promise<TradingSettings> {
    const stored = await this.options.settings.all();
    this.demoBalanceMicros = parseDemoBalance(stored.demo_balance);
    return tradingSettingsOf(stored);
  }

  private async buildBook(): Promise<TradingBook> {
    const book = new TradingBook(await this.readSettings());
    for (const { spec } of this.options.market.instruments()) {
      book.board.addInstrument(this.capped(spec));
      const quote = this.options.market.currentQuote(spec.id);
      if (quote) book.board.setQuote(spec.id, quote);
    }
    const { accounts, nextOrderId } = await this.options.repository.loadOpenBook();
    book.setNextOrderId(nextOrderId);
    for (const account of accounts) book.loadAccount(account);
    return book;
  }
}
