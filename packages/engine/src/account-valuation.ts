/**
 * An account's figures kept up to date as its positions change, so settling an account after a
 * fire values only what the fire moved. A tick moves one instrument: the P/L of every position on
 * another instrument (not converting through it) is what it was, and recomputing it (a bigint P/L
 * per position, twice with the margin guard's bound) was most of what a fired trigger cost.
 *
 * Each holding order keeps the P/L last computed for it and the market it was computed at (its
 * instrument's spec and quote, the conversion leg and that leg's quote): while those are the same
 * objects and prices, the P/L is the same, so it is reused; otherwise it is recomputed with
 * `floatingProfit`, the same function `accountFigures` uses. The sums are of the same exactly
 * rounded terms, so the figures are identical to `accountFigures`, not an approximation of them
 * (account-valuation.test.ts compares them after random ticks, opens and closes). The used margin
 * is a running sum of the holding orders' margins.
 *
 * The positions are grouped by instrument, and each group keeps the sums of its positions' P/Ls
 * and guard bounds for its market: settling after a fire re-adds the fired instrument's group and
 * reads only the sums of the others, O(instruments held) rather than O(positions). When its
 * market moves, a group on a USD-quoted instrument whose positions' points are worth whole micros
 * takes its P/L from running sums (linear-profit.ts), without reading its positions either.
 *
 * The trading book keeps one valuation per account and feeds it every order it puts (`put`), so
 * the valuation holds exactly the account's holding orders.
 */
import { figuresFrom, floatingProfit } from './account-figures.ts';
import type { InstrumentSpec } from './instrument.ts';
import { profitBoundAtRung } from './margin-guard.ts';
import type { ConversionLeg, MarketBoard } from './market-board.ts';
import { LinearProfit } from './linear-profit.ts';
import { ExactSum } from './money.ts';
import type { Account, AccountFigures, Order, RiskFigures } from './trading-types.ts';

type Bound = 'worst' | 'best';

/**
 * A P/L and a guard bound, each computed for one key (which bound: rung and direction; -1 for
 * none) at the market of one instrument, which is kept to tell whether it moved: everything
 * `floatingProfit` and the guard's `profitBound` read of the board. Each amount is kept also as a
 * number when it is a safe integer, so summing reads no bigint and makes none. One object with
 * every field in it: settling reads it cold, and each further object would be one more miss.
 */
abstract class ValuedAtMarket {
  /** The instrument, kept here so a reused amount reads nothing of any order record. */
  readonly instrumentId: number;
  private spec: InstrumentSpec | undefined = undefined;
  private bid = -1;
  private ask = -1;
  private leg: ConversionLeg | undefined = undefined;
  private legBid = -1;
  private legAsk = -1;
  private profitKnown = false;
  private profit = 0n;
  private profitNumber = NaN;
  private boundKey = -1;
  private bound = 0n;
  private boundNumber = NaN;

  constructor(instrumentId: number) {
    this.instrumentId = instrumentId;
  }

  /** Forgets both amounts. */
  changed(): void {
    this.profitKnown = false;
    this.boundKey = -1;
  }

  /** The P/L now, computed when the market moved or `changed` was called. */
  protected abstract profitNow(board: MarketBoard): bigint;

  /** The guard bound for `key`, computed when it is not the one kept. */
  protected abstract boundNow(board: MarketBoard, key: number, denominator: number, bound: Bound): bigint;

  /**
   * What to add to a kept P/L that is still at the market (a group's positions that joined since
   * it was summed); 0 when nothing.
   */
  protected profitAdded(_board: MarketBoard): bigint {
    return 0n;
  }

  /** The same for a kept guard bound of `key`. */
  protected boundAdded(_board: MarketBoard, _key: number, _denominator: number, _bound: Bound): bigint {
    return 0n;
  }

  addProfit(sum: ExactSum, board: MarketBoard): void {
    this.refresh(board);
    if (!this.profitKnown) {
      this.profit = this.profitNow(board);
      this.profitNumber = safeNumber(this.profit);
      this.profitKnown = true;
    } else {
      const added = this.profitAdded(board);
      if (added !== 0n) {
        this.profit += added;
        this.profitNumber = safeNumber(this.profit);
      }
    }
    if (Number.isNaN(this.profitNumber)) sum.addBig(this.profit);
    else sum.addSafe(this.profitNumber);
  }

  addGuardBound(sum: ExactSum, board: MarketBoard, key: number, denominator: number, bound: Bound): void {
    this.refresh(board);
    if (this.boundKey !== key) {
      this.bound = this.boundNow(board, key, denominator, bound);
      this.boundNumber = safeNumber(this.bound);
      this.boundKey = key;
    } else {
      const added = this.boundAdded(board, key, denominator, bound);
      if (added !== 0n) {
        this.bound += added;
        this.boundNumber = safeNumber(this.bound);
      }
    }
    if (Number.isNaN(this.boundNumber)) sum.addBig(this.bound);
    else sum.addSafe(this.boundNumber);
  }

  /** Takes the instrument's market now, and forgets both amounts when it is not the one kept. */
  private refresh(board: MarketBoard): void {
    const spec = board.instrument(this.instrumentId);
    const quote = board.quote(this.instrumentId);
    const bid = quote ? quote.bid : -1;
    const ask = quote ? quote.ask : -1;
    const leg = spec && board.conversionLeg(spec.quoteCurrency);
    const legQuote = leg && board.quote(leg.instrumentId);
    const legBid = legQuote ? legQuote.bid : -1;
    const legAsk = legQuote ? legQuote.ask : -1;
    if (
      spec === this.spec &&
      bid === this.bid &&
      ask === this.ask &&
      leg === this.leg &&
      legBid === this.legBid &&
      legAsk === this.legAsk
    )
      return;
    this.spec = spec;
    this.bid = bid;
    this.ask = ask;
    this.leg = leg;
    this.legBid = legBid;
    this.legAsk = legAsk;
    this.changed();
  }
}

/** Positions of one instrument from which a group keeps linear sums (linear-profit.ts). */
const LINEAR_FROM = 8;

/** One holding order with its last P/L and guard bound. */
export class PositionValue extends ValuedAtMarket {
  order: Order;
  /**
   * The group it is in: leaving finds it without reading every group's instrument (each group a
   * scattered object, read on every fire).
   */
  readonly group: InstrumentGroup;

  constructor(order: Order, group: InstrumentGroup) {
    super(order.instrumentId);
    this.order = order;
    this.group = group;
  }

  protected profitNow(board: MarketBoard): bigint {
    return floatingProfit(this.order, board);
  }

  protected boundNow(board: MarketBoard, _key: number, denominator: number, bound: Bound): bigint {
    return profitBoundAtRung(this.order, board, denominator, bound);
  }
}

/**
 * An account's holding orders of one instrument, with the sums of their P/Ls and guard bounds:
 * while the instrument's market stands still and no position comes or goes, settling reads the
 * sums and none of the positions (each a scattered object at 100,000 positions).
 */
export class InstrumentGroup extends ValuedAtMarket {
  readonly positions: PositionValue[] = [];
  /**
   * Positions that joined since the P/L sum, and since the bound sum, were taken. While the market
   * stands still they are added to the kept sums: an account opening its hundredth position on an
   * instrument values one position, not a hundred (exact sums, so the total is the same).
   */
  private joinedSinceProfit: PositionValue[] = [];
  private joinedSinceBound: PositionValue[] = [];
  /**
   * On a USD-quoted instrument, the P/L of all the positions at a new quote without reading each;
   * kept from LINEAR_FROM positions on: below, reading them costs less than the sums' upkeep.
   */
  private linear: LinearProfit | undefined = undefined;

  join(position: PositionValue): void {
    this.linear?.join(position.order);
    this.positions.push(position);
    if (!this.linear && this.positions.length >= LINEAR_FROM) this.linear = new LinearProfit();
    this.joinedSinceProfit.push(position);
    this.joinedSinceBound.push(position);
  }

  /** Takes a position out; the sums are taken again from the positions left. */
  leave(position: PositionValue): void {
    this.linear?.leave(position.order);
    const { positions } = this;
    // Order within a group does not matter (its sums are exact): the last one takes the place.
    positions[positions.indexOf(position)] = positions[positions.length - 1]!;
    positions.pop();
    this.changed();
  }

  override changed(): void {
    super.changed();
    // Emptied in place: a fired stop empties its group's lists, and two new arrays per fire add up.
    this.joinedSinceProfit.length = 0;
    this.joinedSinceBound.length = 0;
  }

  protected profitNow(board: MarketBoard): bigint {
    this.joinedSinceProfit.length = 0;
    const linear = this.linear?.profit(this.instrumentId, this.positions, board);
    if (linear !== undefined) return linear;
    const sum = new ExactSum();
    for (const position of this.positions) position.addProfit(sum, board);
    return sum.total();
  }

  protected override profitAdded(board: MarketBoard): bigint {
    if (this.joinedSinceProfit.length === 0) return 0n;
    const sum = new ExactSum();
    for (const position of this.joinedSinceProfit) position.addProfit(sum, board);
    this.joinedSinceProfit.length = 0;
    return sum.total();
  }

  protected boundNow(board: MarketBoard, key: number, denominator: number, bound: Bound): bigint {
    this.joinedSinceBound.length = 0;
    const linear = this.linear?.bound(this.instrumentId, this.positions, board, denominator, bound);
    if (linear !== undefined) return linear;
    const sum = new ExactSum();
    for (const position of this.positions) position.addGuardBound(sum, board, key, denominator, bound);
    return sum.total();
  }

  protected override boundAdded(board: MarketBoard, key: number, denominator: number, bound: Bound): bigint {
    if (this.joinedSinceBound.length === 0) return 0n;
    const sum = new ExactSum();
    for (const position of this.joinedSinceBound) position.addGuardBound(sum, board, key, denominator, bound);
    this.joinedSinceBound.length = 0;
    return sum.total();
  }
}

/**
 * Where a valuation keeps one order's position: the trading book's entry of the order in its
 * trigger index (trigger-index.ts), which a fire already holds, so a close finds and drops the
 * position without a lookup in a map of the account's orders (a cache miss per fire at 100,000
 * positions). Undefined while the order is not holding.
 */
export interface PositionSlot {
  position: PositionValue | undefined;
}

/** An account the trading book holds, with its valuation kept in step with its orders. */
export interface LoadedAccount {
  readonly account: Account;
  readonly valuation: AccountValuation;
}

/** A bigint as a number when it is a safe integer, NaN otherwise. */
function safeNumber(value: bigint): number {
  const asNumber = Number(value);
  return Number.isSafeInteger(asNumber) ? asNumber : NaN;
}

export class AccountValuation {
  /**
   * Slots for `put` calls that bring none (a valuation made by `of`); the trading book brings each
   * order's entry and leaves this empty.
   */
  private ownSlots: Map<number, PositionSlot> | undefined;
  private holding = 0;
  /** The positions by instrument, in a small array: an account holds a few instruments. */
  private readonly groups: InstrumentGroup[] = [];
  private used = 0n;
  /**
   * Whether the account's guards, as last drawn, prove it above the margin-call level everywhere
   * in their boxes (settlement.ts): set by each drawing, false until the first and while the
   * account is warned (its guards then watch the stop-out and re-arming levels instead).
   */
  guardsProveAboveCall = false;

  /** A valuation of the account's holding orders as they are now, keeping its own slots. */
  static of(account: Account): AccountValuation {
    const valuation = new AccountValuation();
    for (const order of account.orders.values()) valuation.put(order);
    return valuation;
  }

  /**
   * Takes in an order's newest record: a holding order is valued (again, from scratch if its P/L
   * terms changed), any other state leaves the valuation. `slot` is where this valuation keeps the
   * order's position, the same object for every record of the order; without one, the valuation
   * keeps a slot per order id itself.
   */
  put(order: Order, slot: PositionSlot = this.ownSlot(order.id)): void {
    const held = slot.position;
    if (held) this.used -= held.order.marginMicros;
    if (order.state === 'holding') this.used += order.marginMicros;
    // A new record with the same P/L terms (a moved stop) keeps what was computed for the old one.
    if (held && order.state === 'holding' && samePosition(held.order, order)) {
      held.order = order;
      return;
    }
    if (held) {
      slot.position = undefined;
      this.holding--;
      this.leave(held);
    }
    if (order.state !== 'holding') return;
    const position = new PositionValue(order, this.groupFor(order.instrumentId));
    slot.position = position;
    this.holding++;
    position.group.join(position);
  }

  private ownSlot(orderId: number): PositionSlot {
    const slots = (this.ownSlots ??= new Map());
    let slot = slots.get(orderId);
    if (!slot) slots.set(orderId, (slot = { position: undefined }));
    return slot;
  }

  /** The group of an instrument, made when the account holds nothing of it yet. */
  private groupFor(instrumentId: number): InstrumentGroup {
    const { groups } = this;
    for (let at = 0; at < groups.length; at++)
      if (groups[at]!.instrumentId === instrumentId) return groups[at]!;
    const group = new InstrumentGroup(instrumentId);
    groups.push(group);
    return group;
  }

  private leave(position: PositionValue): void {
    const { group } = position;
    if (group.positions.length > 1) return group.leave(position);
    // The group's last position: the group goes, its sums with it. The others keep their order
    // (the guards are drawn in it, and re-drawing the same order replaces only what moved).
    // Found by identity, which reads no group.
    const at = this.groups.indexOf(group);
    if (at === this.groups.length - 1) this.groups.pop();
    else this.groups.splice(at, 1);
  }

  get usedMarginMicros(): bigint {
    return this.used;
  }

  /** The instruments held, each with its positions and sums. */
  instruments(): readonly InstrumentGroup[] {
    return this.groups;
  }

  get holdingCount(): number {
    return this.holding;
  }

  /** Balance, equity and used margin now: `accountFigures` without the margin level's division. */
  risk(account: Account, board: MarketBoard): RiskFigures & { floatingMicros: bigint } {
    const sum = new ExactSum();
    for (const group of this.groups) group.addProfit(sum, board);
    const floating = sum.total();
    return {
      balanceMicros: account.balanceMicros,
      equityMicros: account.balanceMicros + floating,
      usedMarginMicros: this.used,
      floatingMicros: floating,
    };
  }

  /** [A3] Equity − used margin, as `accountFigures(account, board).freeMarginMicros`. */
  freeMarginMicros(account: Account, board: MarketBoard): bigint {
    return this.risk(account, board).equityMicros - this.used;
  }

  /** [A3] Exactly `accountFigures(account, board)`. */
  figures(account: Account, board: MarketBoard): AccountFigures {
    return figuresFrom(account.balanceMicros, this.used, this.risk(account, board).floatingMicros);
  }
}

/** Whether two records of one order have the same P/L terms (what `floatingProfit` reads). */
const samePosition = (a: Order, b: Order) =>
  a.instrumentId === b.instrumentId &&
  a.side === b.side &&
  a.lots === b.lots &&
  a.openPoints === b.openPoints &&
  a.state === b.state;
