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
  bookRisk,
  TradingBook,
  type Account,
  type AccountFigures as EngineAccountFigures,
  type BookRisk,
  type CommandResult,
  type Order,
  type Outcome,
  type TradingSettings,
} from '@omp/engine';
import {
  type AccountFigures,
  type MovePendingBody,
  type OrderRow,
  type RiskPreview,
  type RiskPreviewQuery,
  type SetStopsBody,
  type SubmitOrderBody,
} from '@omp/protocol';
import type { Tick } from '../adapters/feed/market-feed.ts';
import { notFound, refused } from '../domain/errors.ts';
import { boundToRequest } from '../domain/request-origin.ts';
import type { PersistItem, TradingRepository } from '../repositories/trading-repository.ts';
import { IdempotencyGuard, recordOf, type IdempotentRequest, type StoredReply } from './idempotency.ts';
import type { MarketService } from './market-service.ts';
import { OutcomeWriter } from './outcome-writer.ts';
import type { SettingsService } from './settings-service.ts';
import type { Tx } from '../repositories/unit-of-work.ts';
import { toAccountFigures, toOrderRow } from '../wire/trading-wire.ts';
import {
  lotsOf,
  parseDemoBalance,
  pointsOf,
  trailingPointsOf,
  tradingSettingsOf,
  type TradingUser,
} from '../inputs/trading-inputs.ts';
import { pendingMoveAmendment, stopsAmendment, type Amendment } from './order-amendments.ts';
import type { EventBus } from '../events/event-bus.ts';
import { userMessagesOf } from './trading-messages.ts';
import { countCommand, type TradingCounts } from '../observability/metrics.ts';
import { FencedError } from '../cluster/book-lease.ts';
import { OwnerCalls } from './owner-calls.ts';
import { applyInstrumentSpec, refusalOf, settingsWithChanges } from './book-terms.ts';
import { riskPreviewOf } from './risk-preview.ts';
import { tradeSnapshotOf, type TradeSnapshot } from './position-risk.ts';
import { ClosingService, type Decision } from './closing-service.ts';

export type { UserMessage } from './trading-messages.ts';

/** A movement of the balance the engine checks: deposit, withdrawal hold, release, fee. */
export type BalanceChange = Parameters<TradingBook['postBalance']>[1];

/** What a balance change commits beside the ledger, and what it answers (see `changeBalance`). */
export interface BalanceCommit<T> {
  answer: () => T;
  idempotent?: IdempotentRequest | undefined;
  /** Rows the same transaction writes (the withdrawal record, the staff decision and its audit). */
  extra?: PersistItem['extra'];
  /** The message key of a refusal of the engine, when the caller words it itself. */
  refusalKey?: (rejection: string) => string | undefined;
}

export interface TradingServiceOptions {
  repository: TradingRepository;
  market: MarketService;
  settings: SettingsService;
  /** Stored replies of idempotent calls, by user and key. */
  findReply: (userId: number, key: string) => Promise<StoredReply | undefined>;
  /** Where each committed outcome's messages for its user are announced (`trading_update`). */
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
}

type Call = { user: TradingUser; idempotent?: IdempotentRequest | undefined };

interface OwnerCommands {
  place(args: Call & { body: SubmitOrderBody }): Promise<OrderRow>;
  close(args: Call & { id: number }): Promise<OrderRow>;
  cancel(args: Call & { id: number }): Promise<OrderRow>;
  stops(args: Call & { body: SetStopsBody }): Promise<OrderRow>;
  movePending(args: Call & { body: MovePendingBody }): Promise<OrderRow>;
  resetDemo(args: { user: TradingUser }): Promise<AccountFigures>;
  openAccount(args: { user: TradingUser }): Promise<null>;
}

export class TradingService {
  private readonly options: TradingServiceOptions;
  private readonly repository: TradingRepository;
  private readonly writer: OutcomeWriter;
  private readonly loading = new Map<number, Promise<void>>();
  private readonly idempotency: IdempotencyGuard;
  private book: TradingBook;
  private rebuilding: Promise<void> | undefined;
  private demoBalanceMicros = 0n;
  private unsubscribeTicks: (() => void) | undefined;
  private unsubscribeInstruments: (() => void) | undefined;
  private unsubscribeSettings: (() => void) | undefined;
  private unsubscribeUpdates: (() => void) | undefined;
  private readonly calls: OwnerCalls;
  // The book's own commands, run on the owner wherever they are called (owner-calls.ts).
  private readonly onOwner: OwnerCommands;
  /** Partial and bulk closes (closing-service.ts), deciding on this book and committing through it. */
  readonly closing: ClosingService;

  constructor(options: TradingServiceOptions) {
    this.options = options;
    this.repository = options.repository;
    this.idempotency = new IdempotencyGuard(options.findReply);
    this.calls = options.calls ?? new OwnerCalls();
    this.onOwner = this.defineOwnerCalls(this.calls);
    this.closing = new ClosingService({
      calls: this.calls,
      counts: options.counts,
      book: () => this.book,
      account: (user) => this.account(user),
      once: (request, work) => this.once(request, work),
      commit: (result, answer, request) => this.commit(result, answer, request),
      orderRow: (order) => this.orderRow(order),
      refuseMissing: (userId, id, key) => this.refuseMissing(userId, id, key),
      now: options.now,
    });
    this.book = new TradingBook({ feeType: 2, staleQuoteMs: 30_000, marginCallLevel: 100, stopOutLevel: 50 });
    this.writer = new OutcomeWriter({
      persist: (items) => this.repository.persist(items, options.fence),
      onFailure: async (error) => {
        this.options.logError(error, 'writing trading changes failed; rebuilding the book from the database');
        await this.rebuild();
      },
    });
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

  /** Order calls run here on a single node or on the owner, and go to the owner otherwise. */
  private runsHere(): boolean {
    return this.calls.runsHere();
  }

  /** A user's close or cancel of one of their orders, counted by its outcome. */
  private userOrderAction(
    kind: 'close' | 'cancel',
    { user, id, idempotent }: Call & { id: number },
    finishedKey: string,
    decide: (nowMs: number) => CommandResult,
  ): Promise<OrderRow> {
    return countCommand(
      this.options.counts,
      kind,
      this.actOnOrder(user, id, idempotent, finishedKey, decide),
    );
  }

  private defineOwnerCalls(calls: OwnerCalls): OwnerCommands {
    return {
      place: calls.define('trading.place', (a: Call & { body: SubmitOrderBody }) =>
        countCommand(this.options.counts, 'place', this.placeOnce(a.user, a.body, a.idempotent)),
      ),
      close: calls.define('trading.close', (a: Call & { id: number }) =>
        this.userOrderAction('close', a, 'order.order_not_holding', (now) =>
          this.book.closePosition(a.user.id, a.id, 'user', now),
        ),
      ),
      cancel: calls.define('trading.cancel', (a: Call & { id: number }) =>
        this.userOrderAction('cancel', a, 'order.order_not_pending', (now) =>
          this.book.cancelOrder(a.user.id, a.id, 'user', now),
        ),
      ),
      stops: calls.define('trading.stops', (a: Call & { body: SetStopsBody }) =>
        this.amendHere(a.user, a.body.id, 'order.order_not_holding', stopsAmendment(a.body), a.idempotent),
      ),
      movePending: calls.define('trading.move_pending', (a: Call & { body: MovePendingBody }) =>
        this.amendHere(
          a.user,
          a.body.id,
          'order.order_not_pending',
          pendingMoveAmendment(a.body),
          a.idempotent,
        ),
      ),
      resetDemo: calls.define('trading.reset_demo', ({ user }: { user: TradingUser }) =>
        this.resetDemoHere(user),
      ),
      // Only the owner opens accounts, fenced, and an account open already stays as it is: calls of
      // two nodes for one new user may reach the owner at once.
      openAccount: calls.define('trading.open_account', async ({ user }: { user: TradingUser }) => {
        const opening = user.isDemo ? this.demoBalanceMicros : 0n;
        await this.repository.createAccount(
          user.id,
          user.isDemo,
          opening,
          this.options.now(),
          this.options.fence,
        );
        return null;
      }),
    };
  }

  /** Loads settings, instruments, quotes and every open order, then follows the ticks. */
  async init(): Promise<void> {
    this.book = await this.buildBook();
    this.unsubscribeTicks = this.options.market.onTick((instrumentId, tick) =>
      this.onTick(instrumentId, tick),
    );
    this.unsubscribeSettings = this.options.events.subscribe('settings_changed', (event) =>
      this.applySettingChanges(event.values),
    );
    // On a cluster node that does not own the book, an account the owner changed is read afresh.
    this.unsubscribeUpdates = this.options.events.subscribe('trading_update', (update) => {
      if (!this.runsHere()) this.book.unloadAccount(update.userId);
    });
    // New terms (a halt, lots, leverage, fee, hours) decide the next order; open orders keep theirs.
    this.unsubscribeInstruments = this.options.events.subscribe('instrument_changed', (event) =>
      applyInstrumentSpec(this.book.board, event.spec),
    );
  }

  stop(): Promise<void> {
    this.unsubscribeTicks?.();
    this.unsubscribeSettings?.();
    this.unsubscribeUpdates?.();
    this.unsubscribeInstruments?.();
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

  /** The broker's view of the real-money book now (packages/engine/SPEC.md "Book risk"). */
  bookRisk(): BookRisk {
    const accounts = [...this.book.accountIds()]
      .map((id) => this.book.account(id))
      .filter((account): account is Account => account !== undefined && !account.isDemo);
    return bookRisk(accounts, this.book.board, this.book.settings.marginCallLevel);
  }

  writerStats() {
    return this.writer.stats();
  }

  private async readSettings(): Promise<TradingSettings> {
    const stored = await this.options.settings.all();
    this.demoBalanceMicros = parseDemoBalance(stored.demo_balance);
    return tradingSettingsOf(stored);
  }

  /**
   * Staff changed settings: the book takes the new values before the next decision or tick. The
   * values come with the event, so this is synchronous and the same on every node.
   */
  private applySettingChanges(values: Record<string, string>): void {
    const settings = settingsWithChanges(this.book.settings, values);
    if (settings) this.book.settings = settings;
    if (values.demo_balance !== undefined) this.demoBalanceMicros = parseDemoBalance(values.demo_balance);
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
    // On a cluster only the owner fires; another node's book keeps its quotes for its figures.
    if (!this.runsHere()) {
      this.book.board.setQuote(instrumentId, { bid: tick.bid, ask: tick.ask, timeMs: tick.timeMs });
      return;
    }
    const outcomes = this.book.applyTick(instrumentId, tick.bid, tick.ask, tick.timeMs);
    if (outcomes.length === 0) return;
    this.writer
      .write({ outcomes, atMs: tick.timeMs })
      .then(() => {
        this.options.counts?.triggered(outcomes, tick.timeMs);
        this.publish(outcomes);
      })
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
          await this.onOwner.openAccount({ user });
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
   * The commands below and the money service's units of work run through it.
   */
  once<T>(
    request: IdempotentRequest | undefined,
    work: (idempotent: IdempotentRequest | undefined) => Promise<T>,
  ): Promise<T> {
    return this.idempotency.run(request, work);
  }

  // Commands. Each is one unit of work: load the account, decide with the engine and commit with
  // no await in between (the book is the one source of truth), then publish. A retry with the
  // same idempotency key answers the stored row.

  /** A market or pending order, as the submit call describes it. */
  placeOrder(user: TradingUser, body: SubmitOrderBody, idempotent?: IdempotentRequest): Promise<OrderRow> {
    return this.onOwner.place({ user, body, idempotent });
  }

  private placeOnce(
    user: TradingUser,
    body: SubmitOrderBody,
    idempotent?: IdempotentRequest,
  ): Promise<OrderRow> {
    return this.once(idempotent, async (request) => {
      if (user.tradingFrozen) throw refused('user.trading_frozen');
      await this.account(user);
      const spec = this.book.board.instrument(body.forex_id);
      if (!spec) throw notFound('instrument_not_found', { id: body.forex_id });
      const market = body.status === 1;
      const targetPoints = market ? 0 : pointsOf(body.target_price, 'target_price', spec);
      const command = {
        instrumentId: spec.id,
        side: body.type === 1 ? ('buy' as const) : ('sell' as const),
        market,
        lots: lotsOf(body.cont),
        leverage: body.multiple ?? spec.leverageOptions[0] ?? 0,
        ...(targetPoints > 0 ? { targetPoints } : {}),
        stopLossPoints: pointsOf(body.stop_loss_price, 'stop_loss_price', spec),
        takeProfitPoints: pointsOf(body.target_profit_price, 'target_profit_price', spec),
        askedPoints: market ? pointsOf(body.price, 'price', spec) : 0,
        trailingPoints: trailingPointsOf(body.trailing_stop, spec) ?? 0,
      };
      const result = this.book.placeOrder(user.id, command, this.options.now());
      return this.commit(result, (outcome) => this.orderRow(outcome.orders[0]!), request);
    });
  }

  /** Closes a holding order at the market. */
  closeOrder(user: TradingUser, id: number, idempotent?: IdempotentRequest): Promise<OrderRow> {
    return this.onOwner.close({ user, id, idempotent });
  }

  /** Cancels a pending order. */
  cancelOrder(user: TradingUser, id: number, idempotent?: IdempotentRequest): Promise<OrderRow> {
    return this.onOwner.cancel({ user, id, idempotent });
  }

  /**
   * Staff close a holding order or cancel a pending one (reason: back office, ClosedType 5). The
   * audit row, given the order before and after, is written in the same commit as the ledger.
   */
  actAsStaff(
    user: TradingUser,
    id: number,
    action: 'close' | 'cancel',
    audit: (trx: Tx, before: OrderRow, after: OrderRow) => Promise<void>,
  ): Promise<OrderRow> {
    const close = action === 'close';
    return this.actOnOrder(
      user,
      id,
      undefined,
      close ? 'order.order_not_holding' : 'order.order_not_pending',
      (now) =>
        close
          ? this.book.closePosition(user.id, id, 'back_office', now)
          : this.book.cancelOrder(user.id, id, 'back_office', now),
      audit,
    );
  }

  /** Sets take profit, stop loss and trailing stop; a field left out keeps its value, 0 removes it. */
  setStops(user: TradingUser, body: SetStopsBody, idempotent?: IdempotentRequest): Promise<OrderRow> {
    return this.onOwner.stops({ user, body, idempotent });
  }

  /** Moves a pending order's target price; its stops stay and must fit the new price. */
  movePending(user: TradingUser, body: MovePendingBody, idempotent?: IdempotentRequest): Promise<OrderRow> {
    return this.onOwner.movePending({ user, body, idempotent });
  }

  /** A change of one of the user's open orders (order-amendments.ts), committed like any command. */
  private amendHere(
    user: TradingUser,
    id: number,
    finishedKey: string,
    amend: Amendment,
    idempotent?: IdempotentRequest,
  ) {
    return this.once(idempotent, async (request) => {
      const account = await this.account(user);
      const order = account.orders.get(id);
      if (!order) return this.refuseMissing(user.id, id, finishedKey);
      const result = amend(
        this.book,
        order,
        this.book.board.instrument(order.instrumentId)!,
        this.options.now(),
      );
      return this.commit(result, (outcome) => this.orderRow(outcome.orders[0]!), request);
    });
  }

  /** Demo accounts: closes and cancels everything and restores the demo balance. */
  resetDemo(user: TradingUser): Promise<AccountFigures> {
    return this.onOwner.resetDemo({ user });
  }

  private async resetDemoHere(user: TradingUser): Promise<AccountFigures> {
    if (!user.isDemo) throw refused('order.not_a_demo_account');
    const account = await this.account(user);
    const result = this.book.resetDemo(user.id, this.demoBalanceMicros, this.options.now());
    await this.commit(result, () => null);
    return this.figures(account);
  }

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
    return riskPreviewOf(account, this.book.board, this.book.settings, query, this.options.now());
  }

  /** The engine's own figures in micro-dollars, for screens that show them exactly. */
  async exactFigures(user: TradingUser): Promise<EngineAccountFigures> {
    const account = await this.account(user);
    return this.book.figures(account.id)!;
  }

  /** The engine's figures of every account holding a position (the periodic account snapshots). */
  holdingAccountFigures(): Array<{ accountId: number; figures: EngineAccountFigures }> {
    const holding = [];
    for (const accountId of this.book.accountIds()) {
      const account = this.book.account(accountId);
      if (![...(account?.orders.values() ?? [])].some((order) => order.state === 'holding')) continue;
      holding.push({ accountId, figures: this.book.figures(accountId)! });
    }
    return holding;
  }

  /** The balance the book holds for a loaded account (tests compare it with the ledger). */
  bookBalanceMicros(userId: number): bigint | undefined {
    return this.book.account(userId)?.balanceMicros;
  }

  /** Floating profit and loss of the user's holding orders (micros), 0 when none is loaded. */
  floatingMicros(userId: number): bigint {
    return this.book.figures(userId)?.floatingMicros ?? 0n;
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
    return this.commit(result, commit.answer, commit.idempotent, commit.extra);
  }

  private actOnOrder(
    user: TradingUser,
    id: number,
    idempotent: IdempotentRequest | undefined,
    finishedKey: string,
    decide: (nowMs: number) => CommandResult,
    /** A staff action's audit row, given the order before and after, in the same commit. */
    audit?: (trx: Tx, before: OrderRow, after: OrderRow) => Promise<void>,
  ): Promise<OrderRow> {
    return this.once(idempotent, async (request) => {
      const account = await this.account(user);
      const held = account.orders.get(id);
      // Read before deciding: the decision changes the order in place.
      const before = audit && held ? this.orderRow(held) : undefined;
      const result = decide(this.options.now());
      if (!result.ok && result.rejection === 'order_not_found')
        await this.refuseMissing(user.id, id, finishedKey);
      let after: OrderRow | undefined;
      return this.commit(
        result,
        (outcome) => (after = this.orderRow(outcome.orders.find((o) => o.id === id)!)),
        request,
        audit && before ? (trx) => audit(trx, before, after!) : undefined,
      );
    });
  }

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
    this.publish([result.outcome]);
    return data;
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

  /** Live price, P/L and danger distances of the holding orders, and the figures, for FOREX_TRADE. */
  tradeSnapshot(userId: number): TradeSnapshot | undefined {
    const account = this.book.account(userId);
    if (!account) return undefined;
    const { board, settings } = this.book;
    return tradeSnapshotOf(account, board, settings, (order) => this.orderRow(order), this.figures(account));
  }

  private publish(outcomes: Outcome[]): void {
    for (const outcome of outcomes) {
      const messages = userMessagesOf(outcome, (order) => this.orderRow(order), this.book.settings);
      for (const message of messages)
        this.options.events.publish('trading_update', { userId: outcome.accountId, message });
    }
  }
}
