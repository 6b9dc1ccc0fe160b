/**
 * The trading engine's book: every account with its pending and holding orders, the market board,
 * and one price-sorted trigger book per instrument (pending orders, stop losses, take profits and
 * margin guards). Each command decides and applies at once, and returns the Outcome to persist; the
 * caller persists it in one transaction and, should that fail, rebuilds the book from storage.
 *
 * No clock, randomness or I/O: time, quotes and settings come in as arguments.
 */
import { AccountValuation, type LoadedAccount } from './account-valuation.ts';
import { MarketBoard } from './market-board.ts';
import { decideOrderEntry, type OrderCommand, type OrderRejection } from './order-entry.ts';
import { isMarketOpen } from './schedule.ts';
import { TriggerIndex, type OrderTriggers } from './trigger-index.ts';
import { changesAnything, OutcomeBuilder } from './outcome-builder.ts';
import { closeOrder, placedOrder, validateStops } from './order-lifecycle.ts';
import {
  closeBlock,
  closeMany,
  closePart,
  type ClosingBook,
  type CloseFilter,
  type CloseManyResult,
  type PartResult,
} from './position-closing.ts';
import { decidePendingMove } from './pending-move.ts';
import { trailedNow } from './trailing-stop.ts';
import { redrawGuards, settleAccount, type SettlingBook } from './settlement.ts';
import { runTick, type TickBook } from './tick-runner.ts';
import type {
  Account,
  AccountFigures,
  CancelReason,
  CloseReason,
  LedgerKindOfTrading,
  Order,
  Outcome,
  RiskLevels,
} from './trading-types.ts';

export type CommandRejection =
  | OrderRejection
  | 'account_not_found'
  | 'instrument_not_found'
  | 'order_not_found'
  | 'order_not_holding'
  | 'order_not_pending'
  | 'not_a_demo_account'
  | 'balance_above_ceiling';

/**
 * The most money from outside the trading (a deposit, a staff adjustment or bonus) may bring a
 * balance to: 999,999,999.999999 USD. Below it every balance has at most 15 significant digits, so
 * the wire's JSON numbers (IEEE doubles) carry it to the micro-dollar; past 2^53 micro-dollars
 * they would not. Trading's own postings and a withdrawal's release are never refused by it.
 */
export const BALANCE_CEILING_MICROS = 1_000_000_000_000_000n - 1n;

/** The postings that bring money in from outside the trading, and so stop at the ceiling. */
const CREDITS_FROM_OUTSIDE: ReadonlySet<LedgerKindOfTrading> = new Set(['deposit', 'adjustment', 'bonus']);

export type CommandResult = { ok: true; outcome: Outcome } | { ok: false; rejection: CommandRejection };

export interface TradingSettings extends RiskLevels {
  /** trade_fee_type: 1 per lot, otherwise a share of the margin. */
  feeType: number;
  staleQuoteMs: number;
}

export interface PlaceOrderCommand extends OrderCommand {
  instrumentId: number;
}

type BookSteps = ClosingBook & TickBook & SettlingBook;
/** An order's entry in the trigger index: its record, account, trigger handles and position. */
type Entry = OrderTriggers<LoadedAccount>;

const reject = (rejection: CommandRejection): CommandResult => ({ ok: false, rejection });

export class TradingBook {
  readonly board = new MarketBoard();
  /**
   * Each loaded account with its valuation, kept in step with its orders by `putOrder`. One map
   * for both: a fire looks the account up, and its valuation comes with it, not from a second
   * lookup that would miss the cache again.
   */
  private readonly accounts = new Map<number, LoadedAccount>();
  /**
   * The entry last looked up or fired for: a fire reaches its account, then closing the position
   * asks for the account's valuation, and this answers the second without the map (a cache miss
   * at 100,000 positions). Forgotten when an account is loaded or unloaded.
   */
  private lastLooked: LoadedAccount | undefined;
  /** Each order's triggers carry the entry of its account, so a fire needs no account lookup. */
  private readonly triggers = new TriggerIndex<LoadedAccount>();
  private nextOrderId = 1;
  settings: TradingSettings;

  constructor(settings: TradingSettings) {
    this.settings = settings;
  }

  /**
   * [B11] Staff's new settings. New margin-call or stop-out levels apply at once, not at the next
   * move of a price: every account is settled at the current quotes (a stop-out or a warning the new
   * levels call for is decided now) and its guards are drawn for the new levels, since the old ones
   * proved the old levels only. Returns one Outcome per account that changed.
   */
  changeSettings(settings: TradingSettings, nowMs: number): Outcome[] {
    const levelsMoved =
      settings.marginCallLevel !== this.settings.marginCallLevel ||
      settings.stopOutLevel !== this.settings.stopOutLevel;
    this.settings = settings;
    if (!levelsMoved) return [];
    const outcomes: Outcome[] = [];
    for (const { account } of this.accounts.values()) {
      const out = new OutcomeBuilder(account);
      this.settle(account, out, nowMs);
      const outcome = out.build();
      if (changesAnything(outcome)) outcomes.push(outcome);
    }
    return outcomes;
  }

  /** Order ids continue after the highest stored one. */
  setNextOrderId(next: number): void {
    this.nextOrderId = Math.max(this.nextOrderId, next);
  }

  account(id: number): Account | undefined {
    return this.accounts.get(id)?.account;
  }

  accountIds(): IterableIterator<number> {
    return this.accounts.keys();
  }

  figures(accountId: number): AccountFigures | undefined {
    const account = this.accounts.get(accountId)?.account;
    return account && this.valuation(account).figures(account, this.board);
  }

  /**
   * [B1] Loads an account as stored: its pending and holding orders get their triggers and its
   * guards are drawn. Loading fires nothing; the next tick does whatever is due.
   */
  loadAccount(account: Account): void {
    this.unloadAccount(account.id);
    this.lastLooked = undefined;
    const loaded = { account, valuation: new AccountValuation() };
    this.accounts.set(account.id, loaded);
    for (const order of account.orders.values()) {
      // Each order's entry in the index is where the valuation keeps its position.
      const entry = this.triggers.addOrder(order, loaded);
      if (entry) loaded.valuation.put(order, entry);
    }
    this.redrawGuards(account);
  }

  unloadAccount(accountId: number): void {
    const account = this.accounts.get(accountId)?.account;
    if (!account) return;
    for (const orderId of account.orders.keys()) this.triggers.removeOrder(orderId);
    this.triggers.removeGuards(accountId);
    this.accounts.delete(accountId);
    this.lastLooked = undefined;
  }

  /** [B2] Places a market or pending order (rules O1–O8). */
  placeOrder(accountId: number, command: PlaceOrderCommand, nowMs: number): CommandResult {
    const account = this.accounts.get(accountId)?.account;
    if (!account) return reject('account_not_found');
    const instrument = this.board.instrument(command.instrumentId);
    if (!instrument) return reject('instrument_not_found');
    const quote = this.board.quote(command.instrumentId);
    const rate = this.board.usdRate(instrument.quoteCurrency);
    if (!quote || !rate) {
      // Without a quote (or a rate to convert it) there is nothing fresh to fill at.
      return isMarketOpen(instrument.schedule, nowMs) ? reject('stale_quote') : reject('market_closed');
    }
    const figures = this.valuation(account).figures(account, this.board);
    const decision = decideOrderEntry(command, {
      instrument,
      quote,
      nowMs,
      staleQuoteMs: this.settings.staleQuoteMs,
      feeType: this.settings.feeType,
      quoteToUsd: rate,
      freeMarginMicros: figures.freeMarginMicros,
    });
    if (!decision.ok) return reject(decision.rejection);

    const out = new OutcomeBuilder(account);
    const order = placedOrder(
      this.nextOrderId++,
      accountId,
      command,
      decision,
      instrument,
      quote,
      rate,
      nowMs,
    );
    this.putOrder(account, order, out);
    if (order.feeMicros > 0n) out.post('trade_fee', -order.feeMicros, order.id, nowMs);
    this.settle(account, out, nowMs);
    return { ok: true, outcome: out.build() };
  }

  /** [B3] Closes a holding order at the current quote, for the user or the back office. */
  closePosition(accountId: number, orderId: number, reason: CloseReason, nowMs: number): CommandResult {
    const account = this.accounts.get(accountId)?.account;
    const order = account?.orders.get(orderId);
    if (!account || !order) return reject('order_not_found');
    if (order.state !== 'holding') return reject('order_not_holding');
    const instrument = this.board.instrument(order.instrumentId);
    const quote = this.board.quote(order.instrumentId);
    if (!instrument || !quote) return reject('instrument_not_found');
    const blocked = closeBlock(this.board, order, this.settings.staleQuoteMs, nowMs);
    if (blocked) return reject(blocked);
    const out = new OutcomeBuilder(account);
    this.close(account, order, reason, nowMs, out);
    this.settle(account, out, nowMs);
    return { ok: true, outcome: out.build() };
  }

  /** [PC1] Closes part of a holding order (position-closing.ts). */
  closePart(
    accountId: number,
    orderId: number,
    lots: bigint,
    reason: CloseReason,
    nowMs: number,
  ): PartResult {
    return closePart(this.steps(), accountId, orderId, lots, reason, nowMs);
  }

  /** [PC4] Closes the holding orders a filter takes, in one decision (position-closing.ts). */
  closeMany(accountId: number, filter: CloseFilter, nowMs: number): CloseManyResult {
    return closeMany(this.steps(), accountId, filter, nowMs);
  }

  /**
   * What the book lends the modules that decide with it (position-closing.ts, tick-runner.ts,
   * settlement.ts): its state and the steps every decision shares. Made once, with the settings
   * read through getters, so each decision sees the settings of the moment without a new object
   * and a dozen closures per tick.
   */
  private steps(): BookSteps {
    return (this.lent ??= this.lend());
  }

  private lent: BookSteps | undefined;

  private lend(): BookSteps {
    const settingsNow = () => this.settings;
    const steps: BookSteps = {
      board: this.board,
      get settings() {
        return settingsNow();
      },
      get staleQuoteMs() {
        return settingsNow().staleQuoteMs;
      },
      triggers: this.triggers,
      account: (id) => {
        const loaded = this.accounts.get(id);
        if (loaded) this.lastLooked = loaded;
        return loaded?.account;
      },
      loaded: (id) => this.accounts.get(id),
      accountOf: (loaded) => {
        this.lastLooked = loaded;
        return loaded.account;
      },
      valuation: (account) => this.valuation(account),
      newOrderId: () => this.nextOrderId++,
      outcomeOf: (account) => new OutcomeBuilder(account),
      putOrder: (account, order, out, entry?: Entry) => this.putOrder(account, order, out, entry),
      close: (account, order, reason, nowMs, out, entry?: Entry) =>
        this.close(account, order, reason, nowMs, out, entry),
      cancel: (account, order, reason, nowMs, out, entry?: Entry) =>
        this.cancel(account, order, reason, nowMs, out, entry),
      settle: (account, out, nowMs, closedAtQuoteOnly?: boolean) =>
        settleAccount(steps, account, out, nowMs, closedAtQuoteOnly),
    };
    return steps;
  }

  /** [B4] Cancels a pending order; allowed while the market is closed (it holds nothing). */
  cancelOrder(accountId: number, orderId: number, reason: CancelReason, nowMs: number): CommandResult {
    const account = this.accounts.get(accountId)?.account;
    const order = account?.orders.get(orderId);
    if (!account || !order) return reject('order_not_found');
    if (order.state !== 'pending') return reject('order_not_pending');
    const out = new OutcomeBuilder(account);
    this.cancel(account, order, reason, nowMs, out);
    this.settle(account, out, nowMs);
    return { ok: true, outcome: out.build() };
  }

  /**
   * [B5] Sets stop loss, take profit and, when given, the trailing distance (0 clears each). A
   * holding order's stops must be on the right side of the price it would close at now; a pending
   * order's, of its target price.
   */
  setStops(
    accountId: number,
    orderId: number,
    levels: { stopLossPoints: number; takeProfitPoints: number; trailingPoints?: number },
    nowMs: number,
  ): CommandResult {
    const account = this.accounts.get(accountId)?.account;
    const order = account?.orders.get(orderId);
    if (!account || !order) return reject('order_not_found');
    const instrument = this.board.instrument(order.instrumentId);
    const quote = this.board.quote(order.instrumentId);
    if (!instrument || !quote) return reject('instrument_not_found');
    if (!isMarketOpen(instrument.schedule, nowMs)) return reject('market_closed');
    const stops = { ...levels, trailingPoints: levels.trailingPoints ?? order.trailingPoints };
    const invalid = validateStops(order, stops, quote);
    if (invalid) return reject(invalid);
    const out = new OutcomeBuilder(account);
    this.putOrder(account, trailedNow({ ...order, ...stops }, quote), out);
    this.settle(account, out, nowMs);
    return { ok: true, outcome: out.build() };
  }

  /** [B10] Moves a pending order's target price, judged as a new pending order there (pending-move.ts). */
  movePending(accountId: number, orderId: number, targetPoints: number, nowMs: number): CommandResult {
    const account = this.accounts.get(accountId)?.account;
    const order = account?.orders.get(orderId);
    if (!account || !order) return reject('order_not_found');
    if (order.state !== 'pending') return reject('order_not_pending');
    const decision = decidePendingMove(order, targetPoints, this.board, this.settings, nowMs);
    if (!decision.ok) return reject(decision.rejection);
    const out = new OutcomeBuilder(account);
    this.putOrder(account, { ...order, kind: decision.kind, targetPoints: decision.targetPoints }, out);
    this.settle(account, out, nowMs);
    return { ok: true, outcome: out.build() };
  }

  /**
   * [B6] Resets a demo account: cancels pending orders, closes holding ones at the last quote
   * (market hours do not apply to a demo reset) and restores `demoBalanceMicros` by one ledger row.
   */
  resetDemo(accountId: number, demoBalanceMicros: bigint, nowMs: number): CommandResult {
    const account = this.accounts.get(accountId)?.account;
    if (!account) return reject('account_not_found');
    if (!account.isDemo) return reject('not_a_demo_account');
    const out = new OutcomeBuilder(account);
    for (const order of [...account.orders.values()]) {
      if (order.state === 'pending') this.cancel(account, order, 'demo_reset', nowMs, out);
      else this.close(account, order, 'demo_reset', nowMs, out);
    }
    const difference = demoBalanceMicros - account.balanceMicros;
    if (difference !== 0n) out.post('demo_reset', difference, 0, nowMs);
    account.marginCallWarned = false;
    this.redrawGuards(account);
    return { ok: true, outcome: out.build() };
  }

  /**
   * [B7] Posts a balance change that is not a trade (deposit, withdrawal hold or release, fee,
   * adjustment). A negative amount with `requireFreeMargin` must fit in the free margin; a credit
   * from outside the trading must leave the balance at most `BALANCE_CEILING_MICROS`.
   */
  postBalance(
    accountId: number,
    change: {
      /** One or more rows of one movement, e.g. a withdrawal's hold and its fee. */
      postings: ReadonlyArray<{ kind: LedgerKindOfTrading; amountMicros: bigint }>;
      refId: number;
      requireFreeMargin: boolean;
    },
    nowMs: number,
  ): CommandResult {
    const account = this.accounts.get(accountId)?.account;
    if (!account) return reject('account_not_found');
    const total = change.postings.reduce((sum, posting) => sum + posting.amountMicros, 0n);
    const fromOutside = change.postings.some((posting) => CREDITS_FROM_OUTSIDE.has(posting.kind));
    if (fromOutside && total > 0n && account.balanceMicros + total > BALANCE_CEILING_MICROS)
      return reject('balance_above_ceiling');
    if (change.requireFreeMargin && total < 0n) {
      const figures = this.valuation(account).figures(account, this.board);
      if (-total > figures.freeMarginMicros) return reject('insufficient_free_margin');
    }
    const out = new OutcomeBuilder(account);
    for (const posting of change.postings)
      if (posting.amountMicros !== 0n) out.post(posting.kind, posting.amountMicros, change.refId, nowMs);
    this.settle(account, out, nowMs);
    return { ok: true, outcome: out.build() };
  }

  /**
   * [B8] A new quote of one instrument. Nothing fires while its market is closed. Otherwise, in
   * this order: pending orders fill (or are cancelled without free margin), stops and take profits
   * close, then every account touched — or whose margin guard was crossed — is settled: stop-out
   * largest loss first, negative balance protection, margin-call warning. Returns one Outcome per
   * account it changed, in a deterministic order (a crossed guard that decided nothing gives none).
   */
  applyTick(instrumentId: number, bid: number, ask: number, timeMs: number): Outcome[] {
    return runTick(this.steps(), instrumentId, bid, ask, timeMs);
  }

  /** [B9] Settles the account (settlement.ts). */
  private settle(account: Account, out: OutcomeBuilder, nowMs: number): void {
    settleAccount(this.steps(), account, out, nowMs);
  }

  private close(
    account: Account,
    order: Order,
    reason: CloseReason,
    nowMs: number,
    out: OutcomeBuilder,
    entry?: Entry,
  ): void {
    const closed = closeOrder(order, this.board, reason, nowMs);
    this.putOrder(account, closed, out, entry);
    if (closed.profitMicros !== 0n)
      out.post(reason === 'stop_out' ? 'stop_out' : 'realized_pnl', closed.profitMicros, closed.id, nowMs);
  }

  private cancel(
    account: Account,
    order: Order,
    reason: CancelReason,
    nowMs: number,
    out: OutcomeBuilder,
    entry?: Entry,
  ): void {
    const cancelled: Order = { ...order, state: 'cancelled', cancelReason: reason, closedAtMs: nowMs };
    this.putOrder(account, cancelled, out, entry);
  }

  /**
   * Replaces an order's record (records are never mutated), keeping its triggers and its position
   * in the valuation in step with it. `entry` is the order's entry in the index when the caller
   * has it (a fire does), so nothing is looked up by id. An account the book did not load gets no
   * triggers: nothing would hand their fires to it.
   */
  private putOrder(
    account: Account,
    order: Order,
    out: OutcomeBuilder,
    entry: Entry | undefined = this.triggers.entryOf(order.id),
  ): void {
    const loaded = this.registeredOf(account);
    if (order.state === 'pending' || order.state === 'holding') {
      account.orders.set(order.id, order);
      if (loaded) entry = this.triggers.addOrder(order, loaded, entry);
      else if (entry) {
        // Not this book's account (never the case for its commands): no triggers of it stay.
        this.triggers.removeOrder(order.id, entry);
        entry = undefined;
      }
    } else {
      account.orders.delete(order.id);
      if (entry) this.triggers.removeOrder(order.id, entry);
    }
    if (loaded && entry) loaded.valuation.put(order, entry);
    out.order(order);
  }

  /** The account's valuation; made from its orders for an account this book did not load. */
  private valuation(account: Account): AccountValuation {
    return this.loadedOf(account).valuation;
  }

  /** The account's entry; for an account this book did not load, one made from its orders. */
  private loadedOf(account: Account): LoadedAccount {
    return this.registeredOf(account) ?? { account, valuation: AccountValuation.of(account) };
  }

  /** The account's entry in this book, undefined when the book did not load this record. */
  private registeredOf(account: Account): LoadedAccount | undefined {
    const recent = this.lastLooked;
    if (recent?.account === account) return recent;
    const loaded = this.accounts.get(account.id);
    return loaded?.account === account ? loaded : undefined;
  }

  private redrawGuards(account: Account): void {
    redrawGuards(this.steps(), account);
  }
}
