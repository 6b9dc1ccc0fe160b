/**
 * What a new quote fires [B8]: pending orders fill (F1) or are cancelled without free margin,
 * stops and take profits close (T1, TS6), trailing stops move (TS3–TS5), and the margin guards
 * crossed (G1–G2) call for a settlement. The trading book hands this module its triggers and the
 * steps every decision shares (`TickBook`), as it does for position-closing.ts.
 *
 * Trigger ids (trigger-index.ts) tell the kind: a pending order's target, a stop loss, a take
 * profit, a trailing stop's move level (of an order), or an edge of an account's margin guard.
 */
import type { AccountValuation, LoadedAccount } from './account-valuation.ts';
import type { MarketBoard } from './market-board.ts';
import { fillPending } from './order-lifecycle.ts';
import { changesAnything, OutcomeBuilder } from './outcome-builder.ts';
import { isMarketOpen } from './schedule.ts';
import { trailedStopLoss } from './trailing-stop.ts';
import type { OwnedTrigger } from './trigger-book.ts';
import {
  kindOf,
  ownerOfTrigger,
  TriggerKind,
  type OrderTriggers,
  type TriggerIndex,
  type TriggerOwner,
} from './trigger-index.ts';
import type { Account, CancelReason, CloseReason, Order, Outcome } from './trading-types.ts';

type Entry = OrderTriggers<LoadedAccount>;

/** What the trading book lends a tick: its board, triggers, accounts and shared steps. */
export interface TickBook {
  readonly board: MarketBoard;
  readonly settings: { feeType: number };
  readonly triggers: Pick<
    TriggerIndex<LoadedAccount>,
    'hasBook' | 'takeCrossed' | 'removeGuards' | 'moveStop'
  >;
  /** An account's entry in the book (its record and valuation), looked up by id. */
  loaded(accountId: number): LoadedAccount | undefined;
  /**
   * The account of an entry a fired trigger carried (no lookup), as the one being decided: the
   * steps that follow (valuation, close, settle) find it without looking it up again.
   */
  accountOf(loaded: LoadedAccount): Account;
  valuation(account: Account): AccountValuation;
  /** Each step that changes an order takes the entry its fired trigger carried: nothing is looked up. */
  putOrder(account: Account, order: Order, out: OutcomeBuilder, entry?: Entry): void;
  close(
    account: Account,
    order: Order,
    reason: CloseReason,
    nowMs: number,
    out: OutcomeBuilder,
    entry?: Entry,
  ): void;
  cancel(
    account: Account,
    order: Order,
    reason: CancelReason,
    nowMs: number,
    out: OutcomeBuilder,
    entry?: Entry,
  ): void;
  settle(account: Account, out: OutcomeBuilder, nowMs: number, closedAtQuoteOnly?: boolean): void;
}

/**
 * How a fire settles its account: `fully`; `closes` when it closed a position at the quote, which
 * keeps the account's guards while none of them was crossed (settlement.ts); `none` for a moved
 * trailing stop, which changes no figure (TS5).
 */
type Settling = 'fully' | 'closes' | 'none';
type BuilderOf = (loaded: LoadedAccount, settling: Settling) => OutcomeBuilder;

interface Touched {
  /** The account's entry, so settling it after the fires looks nothing up (a miss per account). */
  readonly loaded: LoadedAccount;
  readonly builder: OutcomeBuilder;
  settling: Settling;
}

/** Two fires on one account settle it as the more thorough of the two asks. */
const SETTLE_MOST: Record<Settling, Record<Settling, Settling>> = {
  fully: { fully: 'fully', closes: 'fully', none: 'fully' },
  closes: { fully: 'fully', closes: 'closes', none: 'closes' },
  none: { fully: 'fully', closes: 'closes', none: 'none' },
};

/** [B8] Applies a quote and fires what it crossed; one Outcome per account it changed. */
export function runTick(
  book: TickBook,
  instrumentId: number,
  bid: number,
  ask: number,
  timeMs: number,
): Outcome[] {
  book.board.setQuote(instrumentId, { bid, ask, timeMs });
  const instrument = book.board.instrument(instrumentId);
  if (!instrument || !book.triggers.hasBook(instrumentId) || !isMarketOpen(instrument.schedule, timeMs))
    return [];

  // Each account the tick touched, with how it settles: one map lookup per fire for both.
  const touched = new Map<number, Touched>();
  const builderOf: BuilderOf = (loaded, how) => {
    const { account } = loaded;
    let entry = touched.get(account.id);
    if (!entry)
      touched.set(account.id, (entry = { loaded, builder: new OutcomeBuilder(account), settling: how }));
    else entry.settling = SETTLE_MOST[entry.settling][how];
    return entry.builder;
  };
  // A fill can add a stop the same quote already crossed: take again until nothing more fires.
  const take = () => book.triggers.takeCrossed(instrumentId, bid, ask);
  for (let crossed = take(); crossed.length > 0; crossed = take()) {
    for (let from = 0; from < crossed.length; from += WARM_BLOCK) {
      const to = Math.min(crossed.length, from + WARM_BLOCK);
      if (to - from > 1) warm(crossed, from, to);
      for (let at = from; at < to; at++) fire(book, crossed[at]!, timeMs, builderOf);
    }
  }
  for (const { loaded, builder, settling } of touched.values())
    if (settling !== 'none') book.settle(book.accountOf(loaded), builder, timeMs, settling === 'closes');
  const outcomes: Outcome[] = [];
  for (const { builder } of touched.values()) {
    const outcome = builder.build();
    if (changesAnything(outcome)) outcomes.push(outcome);
  }
  return outcomes;
}

/** Triggers read ahead at a time: their records stay in the cache until their fires read them. */
const WARM_BLOCK = 64;
/** Where the reads ahead leave a sum, so the compiler keeps them (a store it cannot drop). */
const warmedSink = { sum: 0 };

/**
 * Reads ahead what the next fires will read first: each order's record, its account and the
 * account's map of orders, its valuation and its position's group. In a large book these records
 * sit far apart in memory and each fire would wait for them one miss after another; read here,
 * the records of many fires are independent loads the processor fetches side by side, so the fires
 * then find them in the cache (at 100,000 positions a fifth less engine time per fired trigger,
 * a quarter less for the median tick: bench/README.md). Nothing is changed.
 */
function warm(
  crossed: readonly OwnedTrigger<number, TriggerOwner<LoadedAccount>>[],
  from: number,
  to: number,
): void {
  let sum = 0;
  for (let at = from; at < to; at++) {
    const held = crossed[at]!.owner;
    if (!held) continue;
    const { account, valuation } = held.context;
    sum += account.id + valuation.holdingCount;
    const order = held.order;
    if (order === undefined) continue;
    sum += order.id + (account.orders.has(order.id) ? 1 : 0);
    if (held.position !== undefined) sum += held.position.group.positions.length;
  }
  warmedSink.sum = sum;
}

function fire(
  book: TickBook,
  trigger: OwnedTrigger<number, TriggerOwner<LoadedAccount>>,
  nowMs: number,
  builderOf: BuilderOf,
): void {
  const type = kindOf(trigger.id);
  if (type === TriggerKind.guard) {
    // A guard's edge names its account in its id.
    const accountId = ownerOfTrigger(trigger.id);
    const loaded = book.loaded(accountId);
    if (loaded) {
      book.triggers.removeGuards(accountId);
      builderOf(loaded, 'fully');
    }
    return;
  }
  // An order's trigger carries the order's entry (trigger-index.ts): its record and its account,
  // with no lookup. No record: an earlier fire of this tick closed or filled the order.
  const held = trigger.owner!;
  const order = held.order;
  if (!order) return;
  const out = builderOf(held.context, SETTLING[type]);
  const account = book.accountOf(held.context);
  if (type === TriggerKind.pending && order.state === 'pending') {
    const free = book.valuation(account).freeMarginMicros(account, book.board);
    const filled = fillPending(order, account, book.board, book.settings.feeType, nowMs, free);
    if (filled) {
      book.putOrder(account, filled, out, held);
      if (filled.feeMicros > 0n) out.post('trade_fee', -filled.feeMicros, filled.id, nowMs);
    } else book.cancel(account, order, 'insufficient_free_margin', nowMs, out, held);
  } else if (order.state !== 'holding') return;
  // [TS6] A trailing order's stop fires as any stop loss does; only the recorded reason differs.
  else if (type === TriggerKind.stopLoss)
    book.close(account, order, order.trailingPoints > 0 ? 'trailing_stop' : 'stop_loss', nowMs, out, held);
  else if (type === TriggerKind.takeProfit) book.close(account, order, 'take_profit', nowMs, out, held);
  else if (type === TriggerKind.trailMove) trail(book, held, account, order, out);
}

/** A guard's fire is handled above; a pending order's fill opens a position, so it settles fully. */
const SETTLING: Record<TriggerKind, Settling> = {
  [TriggerKind.pending]: 'fully',
  [TriggerKind.stopLoss]: 'closes',
  [TriggerKind.takeProfit]: 'closes',
  [TriggerKind.trailMove]: 'none',
  [TriggerKind.guard]: 'fully',
};

/** [TS3][TS4] Moves a trailing stop to the current quote, re-indexing only its stop. */
function trail(
  book: TickBook,
  held: OrderTriggers<LoadedAccount>,
  account: Account,
  order: Order,
  out: OutcomeBuilder,
): void {
  const quote = book.board.quote(order.instrumentId);
  const stop = quote && trailedStopLoss(order, quote.bid, quote.ask);
  if (stop === undefined) return book.triggers.moveStop(held, order);
  const moved = { ...order, stopLossPoints: stop };
  account.orders.set(moved.id, moved);
  book.triggers.moveStop(held, moved);
  out.order(moved);
}
