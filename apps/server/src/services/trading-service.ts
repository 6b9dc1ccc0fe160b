/**
 * Trading orchestration: the engine decides, this service loads accounts into it, persists each
 * decision in one transaction (group-committed, see outcome-writer.ts), answers only after the
 * commit, then publishes. The engine's book is the single place decisions are made, and it decides
 * synchronously, so two requests of one account can never both spend the same free margin, and a
 * second close of a position finds it closed.
 *
 * If a commit fails, the book is rebuilt from the database: what was not stored never happened.
 *
 * This class is the one door the routes, the money service and the staff use; the work is in
 * book-lifecycle.ts (the book's life and the ticks), order-commands.ts (the user's and staff's order
 * commands), closing-service.ts (partial and bulk closes) and book-views.ts (read-only views). It
 * keeps the commit path they share.
 */
import type {
  Account,
  AccountFigures as EngineAccountFigures,
  BookRisk,
  CommandResult,
  Order,
  Outcome,
  RiskLevels,
  TradingBook,
} from '@omp/engine';
import type {
  AccountFigures,
  LevelImpact,
  MovePendingBody,
  OrderRow,
  RiskPreview,
  RiskPreviewQuery,
  SetStopsBody,
  SubmitOrderBody,
} from '@omp/protocol';
import { notFound, refused } from '../domain/errors.ts';
import { boundToRequest } from '../domain/request-origin.ts';
import type { PersistItem, TradingRepository } from '../repositories/trading-repository.ts';
import { IdempotencyGuard, recordOf, type IdempotentRequest, type StoredReply } from './idempotency.ts';
import type { MarketService } from './market-service.ts';
import { OutcomeWriter } from './outcome-writer.ts';
import type { SettingsService } from './settings-service.ts';
import type { Tx } from '../repositories/unit-of-work.ts';
import type { TradingUser } from '../inputs/trading-inputs.ts';
import type { EventBus } from '../events/event-bus.ts';
import { userMessagesOf } from './trading-messages.ts';
import type { TradingCounts } from '../observability/metrics.ts';
import { FencedError } from '../cluster/book-lease.ts';
import { OwnerCalls } from './owner-calls.ts';
import { refusalOf } from './book-terms.ts';
import { riskPreviewOf } from './risk-preview.ts';
import type { TradeSnapshot } from './position-risk.ts';
import { ClosingService, type Decision } from './closing-service.ts';
import { BookLifecycle } from './book-lifecycle.ts';
import type { LeverageCaps } from './leverage-caps.ts';
import { OrderCommands, type OrderCommandPorts } from './order-commands.ts';
import {
  accountFiguresOf,
  holdingAccountFiguresOf,
  levelImpactIn,
  orderRowOf,
  realMoneyRisk,
  tradeSnapshotIn,
} from './book-views.ts';

export type { UserMessage } from './trading-messages.ts';

/** A movement of the balance the engine checks: deposit, withdrawal hold, release, fee. */
export type BalanceChange = Parameters<TradingBook['postBalance']>[1];

/** What a balance change commits beside the ledger, and what it answers (see `changeBalance`). */
export interface BalanceCommit<T> {
  answer: () => T;
  idempotent?: IdempotentRequest | undefined;
  /** Rows the same transaction writes (the withdrawal record, the staff decision and its audit). */
  extra?: PersistItem['extra'];
  /** The same, written knowing what the engine decided (e.g. the balance before and after). */
  extraFor?: (outcome: Outcome) => PersistItem['extra'];
  /** The message key of a refusal of the engine, when the caller words it itself. */
  refusalKey?: (rejection: string) => string | undefined;
}

export interface TradingServiceOptions {
  repository: TradingRepository;
  market: MarketService;
  settings: SettingsService;
  /** Stored replies of idempotent calls, by user and key. */
  findReply: (userId: number, key: string) => Promise<StoredReply | undefined>;
  /** Where each commit's messages for their users are announced (`trading_updates`). */
  events: Pick<EventBus, 'publish' | 'subscribe'>;
  now: () => number;
  logError: (error: unknown, message: string) => void;
  /** The operator's figures: each order command's outcome and what each tick triggered. */
  counts?: TradingCounts;
  /**
   * Where work of the book runs (services/owner-calls.ts): here on a single node, on the book's
   * owner on a cluster. One registry per node, shared with the money service and the user desk.
   */
  calls?: OwnerCalls;
  /** On a cluster: checked in every write's transaction, throws once another node took the book over. */
  fence?: (trx: Tx) => Promise<void>;
  /** The leverage caps (leverage-caps.ts); without them every configured leverage is offered. */
  leverageCaps?: LeverageCaps;
}

/** Committed outcomes, whether a tick fired them, and the time they were decided at. */
export type CommittedListener = (outcomes: readonly Outcome[], fromTick: boolean, atMs: number) => void;

export class TradingService {
  private readonly options: TradingServiceOptions;
  private readonly committedListeners = new Set<CommittedListener>();
  private readonly repository: TradingRepository;
  private readonly writer: OutcomeWriter;
  private readonly idempotency: IdempotencyGuard;
  private readonly lifecycle: BookLifecycle;
  private readonly commands: OrderCommands;
  /** Partial and bulk closes (closing-service.ts), deciding on this book and committing through it. */
  readonly closing: ClosingService;
  /** Staff close a holding order or cancel a pending one, audited in the same commit. */
  readonly actAsStaff: OrderCommands['actAsStaff'];
  /** What new margin levels would do now, counted on the book's owner (book-views.ts). */
  readonly levelImpact: (levels: RiskLevels) => Promise<LevelImpact>;
  /**
   * The broker's view of the real-money book now (packages/engine/SPEC.md "Book risk"), from the
   * owner's book: another node's holds only the accounts it has read.
   */
  readonly bookRisk: () => Promise<BookRisk>;

  constructor(options: TradingServiceOptions) {
    this.options = options;
    this.repository = options.repository;
    this.idempotency = new IdempotencyGuard(options.findReply);
    const calls = options.calls ?? new OwnerCalls();
    this.lifecycle = new BookLifecycle({
      repository: options.repository,
      market: options.market,
      settings: options.settings,
      events: options.events,
      runsHere: () => calls.runsHere(),
      openAccount: (user) => this.commands.onOwner.openAccount({ user }),
      fired: (outcomes, atMs) => this.commitFired(outcomes, atMs),
      now: () => options.now(),
      leverageCaps: options.leverageCaps,
    });
    // The ports partial closes and order commands share: this book and this commit path.
    const ports: OrderCommandPorts = {
      calls,
      counts: options.counts,
      book: () => this.lifecycle.book,
      account: (user) => this.account(user),
      once: (request, work) => this.once(request, work),
      commit: (result, answer, request, extra) => this.commit(result, answer, request, extra),
      orderRow: (order) => this.orderRow(order),
      refuseMissing: (userId, id, key) => this.refuseMissing(userId, id, key),
      now: options.now,
      repository: options.repository,
      figures: (account) => this.figures(account),
      demoBalanceMicros: () => this.lifecycle.demoBalanceMicros,
      leverageRefusal: (spec, leverage) => options.leverageCaps?.refusal(spec, leverage),
      fence: options.fence,
    };
    this.commands = new OrderCommands(ports);
    this.actAsStaff = (user, id, action, audit) => this.commands.actAsStaff(user, id, action, audit);
    this.levelImpact = calls.define('settings.level_impact', async (levels: RiskLevels) =>
      levelImpactIn(this.book, levels),
    );
    const bookRiskOnOwner = calls.define('dashboard.book_risk', async (_: Record<string, never>) =>
      realMoneyRisk(this.book),
    );
    this.bookRisk = () => bookRiskOnOwner({});
    this.closing = new ClosingService(ports);
    this.writer = new OutcomeWriter({
      persist: (items) => this.repository.persist(items, options.fence),
      onFailure: async (error) => {
        this.options.logError(error, 'writing trading changes failed; rebuilding the book from the database');
        await this.lifecycle.rebuild();
      },
    });
  }

  private get book(): TradingBook {
    return this.lifecycle.book;
  }

  /** Loads settings, instruments, quotes and every open order, then follows the ticks. */
  init(): Promise<void> {
    return this.lifecycle.init();
  }

  /**
   * A cluster node that just took the book over: what the previous owner committed is the truth,
   * so the book is rebuilt from the database before it decides or fires anything.
   */
  takeOwnership(): Promise<void> {
    return this.lifecycle.takeOwnership();
  }

  stop(): Promise<void> {
    this.lifecycle.stop();
    return this.writer.idle();
  }

  /** Resolves once every decision so far is committed. */
  idle(): Promise<void> {
    return this.writer.idle();
  }

  /** The instruments and quotes the book trades on (read-only use: figures, previews). */
  get board() {
    return this.book.board;
  }

  writerStats() {
    return this.writer.stats();
  }

  /** Loads the user's account into the book, opening it on first use. */
  account(user: TradingUser): Promise<Account> {
    return this.lifecycle.account(user);
  }

  /**
   * Runs a money-changing unit of work once per idempotency key (services/idempotency.ts): the
   * unit stores its reply with its change, a retry gets that reply, another request is refused.
   * The order commands and the money service's units of work run through it.
   */
  once<T>(
    request: IdempotentRequest | undefined,
    work: (idempotent: IdempotentRequest | undefined) => Promise<T>,
  ): Promise<T> {
    return this.idempotency.run(request, work);
  }

  // Commands (order-commands.ts), each run on the book's owner.

  /** A market or pending order, as the submit call describes it. */
  placeOrder(user: TradingUser, body: SubmitOrderBody, idempotent?: IdempotentRequest): Promise<OrderRow> {
    return this.commands.onOwner.place({ user, body, idempotent });
  }

  /** Closes a holding order at the market. */
  closeOrder(user: TradingUser, id: number, idempotent?: IdempotentRequest): Promise<OrderRow> {
    return this.commands.onOwner.close({ user, id, idempotent });
  }

  /** Cancels a pending order. */
  cancelOrder(user: TradingUser, id: number, idempotent?: IdempotentRequest): Promise<OrderRow> {
    return this.commands.onOwner.cancel({ user, id, idempotent });
  }

  /** Sets take profit, stop loss and trailing stop; a field left out keeps its value, 0 removes it. */
  setStops(user: TradingUser, body: SetStopsBody, idempotent?: IdempotentRequest): Promise<OrderRow> {
    return this.commands.onOwner.stops({ user, body, idempotent });
  }

  /** Moves a pending order's target price; its stops stay and must fit the new price. */
  movePending(user: TradingUser, body: MovePendingBody, idempotent?: IdempotentRequest): Promise<OrderRow> {
    return this.commands.onOwner.movePending({ user, body, idempotent });
  }

  /** Demo accounts: closes and cancels everything and restores the demo balance. */
  resetDemo(user: TradingUser): Promise<AccountFigures> {
    return this.commands.onOwner.resetDemo({ user });
  }

  /**
   * A balance change the engine checks (free margin for a withdrawal), committed in one
   * transaction with the caller's own rows: the money service's deposits, withdrawals and staff
   * decisions. Refused with the engine's reason (or `refusalKey`'s wording of it).
   */
  async changeBalance<T>(user: TradingUser, change: BalanceChange, commit: BalanceCommit<T>): Promise<T> {
    await this.account(user);
    const result = this.book.postBalance(user.id, change, this.options.now());
    if (!result.ok) {
      const key = commit.refusalKey?.(result.rejection);
      if (key) throw refused(key);
    }
    const extra = result.ok && commit.extraFor ? commit.extraFor(result.outcome) : commit.extra;
    return this.commit(result, commit.answer, commit.idempotent, extra);
  }

  // Reads (book-views.ts): this node's book, deciding and writing nothing.

  /** The account figures of a user, opening the account on first use. */
  async accountFigures(user: TradingUser): Promise<AccountFigures> {
    return this.figures(await this.account(user));
  }

  /**
   * Where the stop-out and the margin call would come with an order filled now, and what its stop
   * loss would cost: read from this node's book, deciding and writing nothing, so any node answers.
   */
  async riskPreview(user: TradingUser, query: RiskPreviewQuery): Promise<RiskPreview> {
    const account = await this.account(user);
    const spec = this.book.board.instrument(query.forex_id);
    const aboveCap = spec && this.options.leverageCaps?.refusal(spec, query.multiple);
    if (aboveCap) throw aboveCap;
    return riskPreviewOf(account, this.book.board, this.book.settings, query, this.options.now());
  }

  /** The engine's own figures in micro-dollars, for screens that show them exactly. */
  async exactFigures(user: TradingUser): Promise<EngineAccountFigures> {
    const account = await this.account(user);
    return this.book.figures(account.id)!;
  }

  /** The engine's figures of every account holding a position (the periodic account snapshots). */
  holdingAccountFigures(): Array<{ accountId: number; figures: EngineAccountFigures }> {
    return holdingAccountFiguresOf(this.book);
  }

  /** The balance the book holds for a loaded account (tests compare it with the ledger). */
  bookBalanceMicros(userId: number): bigint | undefined {
    return this.book.account(userId)?.balanceMicros;
  }

  /** Floating profit and loss of the user's holding orders (micros), 0 when none is loaded. */
  floatingMicros(userId: number): bigint {
    return this.book.figures(userId)?.floatingMicros ?? 0n;
  }

  orderRow(order: Order): OrderRow {
    return orderRowOf(this.book, order);
  }

  figures(account: Account): AccountFigures {
    return accountFiguresOf(this.book, account);
  }

  get demoBalance(): bigint {
    return this.lifecycle.demoBalanceMicros;
  }

  /** Live price, P/L and danger distances of the holding orders, and the figures, for FOREX_TRADE. */
  tradeSnapshot(userId: number): TradeSnapshot | undefined {
    return tradeSnapshotIn(this.book, userId);
  }

  // The commit path every decision shares.

  /** An id the book does not hold: someone else's or unknown (404), or this user's but finished. */
  private async refuseMissing(userId: number, id: number, finishedKey: string): Promise<never> {
    if ((await this.repository.orderById(userId, id)) !== undefined) throw refused(finishedKey);
    throw notFound('order.order_not_found');
  }

  /** Applies a command's result: refusal as a domain error, or the commit of its outcome. */
  private async commit<T>(
    result: CommandResult | Decision,
    answer: (outcome: Outcome) => T,
    idempotent?: IdempotentRequest,
    extra?: PersistItem['extra'],
  ): Promise<T> {
    if (!result.ok) throw refusalOf(result.rejection);
    const data = answer(result.outcome);
    const item: PersistItem = {
      outcomes: [result.outcome],
      atMs: this.options.now(),
      idempotent: idempotent && recordOf(idempotent, data),
      // Written in a batch with other requests' work: keep this request's context (its address).
      extra: extra && boundToRequest(extra),
    };
    try {
      await this.writer.write(item);
    } catch (error) {
      // On a cluster: this node lost the book while deciding; the caller may retry with its key.
      if (error instanceof FencedError) throw refused('order.book_owner_unavailable');
      throw error;
    }
    this.publish([result.outcome], { fromTick: false, atMs: item.atMs });
    return data;
  }

  /** What a tick fired, committed and published like a command's outcome, answered to nobody. */
  private commitFired(outcomes: Outcome[], atMs: number): void {
    this.writer
      .write({ outcomes, atMs })
      .then(() => {
        this.options.counts?.triggered(outcomes, atMs);
        this.publish(outcomes, { fromTick: true, atMs });
      })
      .catch(() => undefined); // already logged by the writer; the book is being rebuilt
  }

  /**
   * Hears every committed outcome on the node that decided it (the book's owner), once: where
   * notifications of fills, closes and stop-outs are made (notification-triggers.ts).
   */
  onCommitted(listener: CommittedListener): () => void {
    this.committedListeners.add(listener);
    return () => void this.committedListeners.delete(listener);
  }

  /**
   * The users' own messages go first: a cascade's closes reach the phones before the work its
   * listeners start (a thousand notifications to store) takes the event loop.
   */
  private publish(outcomes: Outcome[], how: { fromTick: boolean; atMs: number }): void {
    const orderRow = (order: Order) => this.orderRow(order);
    const updates = [];
    for (const outcome of outcomes)
      for (const message of userMessagesOf(outcome, orderRow, this.book.settings))
        updates.push({ userId: outcome.accountId, message });
    if (updates.length > 0) this.options.events.publish('trading_updates', { updates });
    for (const listener of this.committedListeners) {
      try {
        listener(outcomes, how.fromTick, how.atMs);
      } catch (error) {
        this.options.logError(error, 'a listener of committed outcomes failed');
      }
    }
  }
}
