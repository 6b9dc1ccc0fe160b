/**
 * Trading orchestration: the engine decides, this service loads accounts into it, persists each
 * decision in one transaction (group-committed, see outcome-writer.ts), answers only after the
 * commit, then publishes. The engine's book is the single place decisions are made, and it decides
 * synchronously, so two requests of one account can never both spend the same free margin, and a
 * second close of a position finds it closed.
 *
 * If a commit fails, the book is rebuilt from the database: what was not stored never happened.
 */
import {
  divRound,
  TradingBook,
  type Account,
  type CommandResult,
  type Order,
  type Outcome,
  type TradingSettings,
} from '@omp/engine';
import type { AccountFigures, OrderRow } from '@omp/protocol';
import type { Tick } from '../adapters/feed/market-feed.ts';
import type { AppError } from '../http/app-error.ts';
import { notFound, refused } from '../http/app-error.ts';
import type { PersistItem, TradingRepository } from '../repositories/trading-repository.ts';
import { IdempotencyGuard, recordOf, type IdempotentRequest, type StoredReply } from './idempotency.ts';
import type { MarketService } from './market-service.ts';
import { OutcomeWriter } from './outcome-writer.ts';
import type { SettingsService } from './settings-service.ts';
import { toAccountFigures, toOrderRow } from './trading-wire.ts';
import { parseDemoBalance, type TradingUser } from './trading-inputs.ts';

export type UserMessage =
  | { type: 'FOREX_ORDER'; orders: OrderRow[] }
  | { type: 'FOREX_CLOSED'; id: number[] }
  | { type: 'MARGIN_CALL'; margin_level: number; margin_call_level: number; stop_out_level: number };

export interface TradingServiceOptions {
  repository: TradingRepository;
  market: MarketService;
  settings: SettingsService;
  /** Stored replies of idempotent calls, by user and key. */
  findReply: (userId: number, key: string) => Promise<StoredReply | undefined>;
  now: () => number;
  logError: (error: unknown, message: string) => void;
}

export class TradingService {
  private readonly options: TradingServiceOptions;
  private readonly repository: TradingRepository;
  private readonly writer: OutcomeWriter;
  private readonly listeners = new Set<(userId: number, message: UserMessage) => void>();
  private readonly loading = new Map<number, Promise<void>>();
  private readonly idempotency: IdempotencyGuard;
  private book: TradingBook;
  private rebuilding: Promise<void> | undefined;
  private demoBalanceMicros = 0n;
  private unsubscribeTicks: (() => void) | undefined;

  constructor(options: TradingServiceOptions) {
    this.options = options;
    this.repository = options.repository;
    this.idempotency = new IdempotencyGuard(options.findReply);
    this.book = new TradingBook({ feeType: 2, staleQuoteMs: 30_000, marginCallLevel: 100, stopOutLevel: 50 });
    this.writer = new OutcomeWriter({
      persist: (items) => this.repository.persist(items),
      onFailure: async (error) => {
        this.options.logError(error, 'writing trading changes failed; rebuilding the book from the database');
        await this.rebuild();
      },
    });
  }

  /** Loads settings, instruments, quotes and every open order, then follows the ticks. */
  async init(): Promise<void> {
    this.book = await this.buildBook();
    this.unsubscribeTicks = this.options.market.onTick((instrumentId, tick) =>
      this.onTick(instrumentId, tick),
    );
  }

  stop(): Promise<void> {
    this.unsubscribeTicks?.();
    return this.writer.idle();
  }

  /** Resolves once every decision so far is committed. */
  idle(): Promise<void> {
    return this.writer.idle();
  }

  onUserMessage(listener: (userId: number, message: UserMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Re-reads the trading settings (the back office calls this after changing one). */
  async refreshSettings(): Promise<void> {
    this.book.settings = await this.readSettings();
  }

  get board() {
    return this.book.board;
  }

  writerStats() {
    return this.writer.stats();
  }

  private async readSettings(): Promise<TradingSettings> {
    const { settings } = this.options;
    const number = async (key: Parameters<SettingsService['get']>[0], fallback: number) => {
      const value = Number(await settings.get(key));
      return Number.isFinite(value) && value > 0 ? value : fallback;
    };
    this.demoBalanceMicros = parseDemoBalance(await settings.get('demo_balance'));
    return {
      feeType: await number('trade_fee_type', 2),
      staleQuoteMs: (await number('stale_quote_s', 30)) * 1000,
      marginCallLevel: await number('margin_call_level', 100),
      stopOutLevel: await number('stop_out_level', 50),
    };
  }

  private async buildBook(): Promise<TradingBook> {
    const book = new TradingBook(await this.readSettings());
    for (const { spec } of this.options.market.instruments()) {
      book.board.addInstrument(spec);
      const quote = this.options.market.currentQuote(spec.id);
      if (quote) book.board.setQuote(spec.id, quote);
    }
    const { accounts, nextOrderId } = await this.repository.loadOpenBook();
    book.setNextOrderId(nextOrderId);
    for (const account of accounts) book.loadAccount(account);
    return book;
  }

  private async rebuild(): Promise<void> {
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

  /** The trigger runner: fills, stops, stop-outs through the same path as a user's own action. */
  private onTick(instrumentId: number, tick: Tick): void {
    if (this.rebuilding) return;
    const outcomes = this.book.applyTick(instrumentId, tick.bid, tick.ask, tick.timeMs);
    if (outcomes.length === 0) return;
    this.writer
      .write({ outcomes, atMs: tick.timeMs })
      .then(() => this.publish(outcomes))
      .catch(() => undefined); // already logged by the writer; the book is being rebuilt
  }

  /** Loads the user's account into the book, opening it on first use. */
  async account(user: TradingUser): Promise<Account> {
    if (this.rebuilding) await this.rebuilding;
    const loaded = this.book.account(user.id);
    if (loaded) return loaded;
    let loading = this.loading.get(user.id);
    if (!loading) {
      loading = (async () => {
        let account = await this.repository.loadAccount(user.id);
        if (!account) {
          const opening = user.isDemo ? this.demoBalanceMicros : 0n;
          await this.repository.createAccount(user.id, user.isDemo, opening, this.options.now());
          account = await this.repository.loadAccount(user.id);
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

  /**
   * Runs a money-changing unit of work once per idempotency key (services/idempotency.ts): the
   * unit stores its reply with its change, a retry gets that reply, another request is refused.
   */
  once<T>(
    request: IdempotentRequest | undefined,
    work: (idempotent: IdempotentRequest | undefined) => Promise<T>,
  ): Promise<T> {
    return this.idempotency.run(request, work);
  }

  /** Applies a command's result: refusal as an AppError, or the commit of its outcome. */
  async commit<T>(
    result: CommandResult,
    answer: (outcome: Outcome) => T,
    options: { idempotent?: IdempotentRequest | undefined; extra?: PersistItem['extra'] } = {},
  ): Promise<T> {
    const { idempotent, extra } = options;
    if (!result.ok) throw refusalOf(result.rejection);
    const data = answer(result.outcome);
    const item: PersistItem = {
      outcomes: [result.outcome],
      atMs: this.options.now(),
      idempotent: idempotent && recordOf(idempotent, data),
      extra,
    };
    await this.writer.write(item);
    this.publish([result.outcome]);
    return data;
  }

  /** Decides with the current book; the caller must not await between this and `commit`. */
  get engine(): TradingBook {
    return this.book;
  }

  orderRow(order: Order): OrderRow {
    const spec = this.book.board.instrument(order.instrumentId);
    if (!spec) throw notFound('instrument_not_found', { id: order.instrumentId });
    return toOrderRow(order, spec, this.book.board);
  }

  figures(account: Account): AccountFigures {
    const figures = this.book.figures(account.id);
    if (!figures) throw new Error('account not in the book');
    return toAccountFigures(figures, this.book.settings, account.isDemo);
  }

  get demoBalance(): bigint {
    return this.demoBalanceMicros;
  }

  /** Live price and P/L of the holding orders and the account figures, for FOREX_TRADE. */
  tradeSnapshot(
    userId: number,
  ):
    | { orders: Array<{ Id: number; Price: number; FactProfits: number }>; account: AccountFigures }
    | undefined {
    const account = this.book.account(userId);
    if (!account) return undefined;
    const orders = [...account.orders.values()]
      .filter((order) => order.state === 'holding')
      .map((order) => {
        const row = this.orderRow(order);
        return { Id: row.Id, Price: row.Price, FactProfits: row.FactProfits };
      });
    return { orders, account: this.figures(account) };
  }

  private publish(outcomes: Outcome[]): void {
    if (this.listeners.size === 0) return;
    for (const outcome of outcomes) {
      const messages: UserMessage[] = [];
      const rows = outcome.orders.map((order) => this.orderRow(order));
      if (rows.length > 0) messages.push({ type: 'FOREX_ORDER', orders: rows });
      const gone = outcome.orders
        .filter((o) => o.state === 'closed' || o.state === 'cancelled')
        .map((o) => o.id);
      if (gone.length > 0) messages.push({ type: 'FOREX_CLOSED', id: gone });
      for (const event of outcome.events) {
        if (event.type !== 'margin_call') continue;
        const level =
          event.usedMarginMicros > 0n
            ? Number(divRound(event.equityMicros * 10_000n, event.usedMarginMicros)) / 100
            : 0;
        const { marginCallLevel, stopOutLevel } = this.book.settings;
        messages.push({
          type: 'MARGIN_CALL',
          margin_level: level,
          margin_call_level: marginCallLevel,
          stop_out_level: stopOutLevel,
        });
      }
      for (const message of messages)
        for (const listener of this.listeners) listener(outcome.accountId, message);
    }
  }
}

function refusalOf(rejection: string): AppError {
  if (rejection === 'order_not_found') return notFound('order.order_not_found');
  if (rejection === 'instrument_not_found') return notFound('order.instrument_not_found');
  return refused(`order.${rejection}`);
}
