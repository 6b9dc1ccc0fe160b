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
 * reads only the sums of the others, O(instruments held) rather than O(positions).
 *
 * The trading book keeps one valuation per account and feeds it every order it puts (`put`), so
 * the valuation holds exactly the account's holding orders.
 */
import { floatingProfit } from './account-figures.ts';
import type { InstrumentSpec } from './instrument.ts';
import { profitBoundAtRung } from './margin-guard.ts';
import type { ConversionLeg, MarketBoard } from './market-board.ts';
import { divRound, ExactSum } from './money.ts';
import type { Account, AccountFigures, Order, RiskFigures } from './trading-types.ts';

/** The market an instrument's P/L is computed from: everything `floatingProfit` and the guard's
 * `profitBound` read of the board. */
class MarketKey {
  private spec: InstrumentSpec | undefined = undefined;
  private bid = -1;
  private ask = -1;
  private leg: ConversionLeg | undefined = undefined;
  private legBid = -1;
  private legAsk = -1;

  /** Takes the instrument's market now; true when it is not the one taken before. */
  moved(board: MarketBoard, instrumentId: number): boolean {
    const spec = board.instrument(instrumentId);
    const quote = board.quote(instrumentId);
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
      return false;
    this.spec = spec;
    this.bid = bid;
    this.ask = ask;
    this.leg = leg;
    this.legBid = legBid;
    this.legAsk = legAsk;
    return true;
  }
}

/**
 * An amount computed for one key (which P/L or bound it is), -1 for none, kept also as a number
 * when it is a safe integer: summing numbers reads no bigint and makes none.
 */
class Cached {
  key = -1;
  value = 0n;
  private asNumber = NaN;

  set(key: number, value: bigint): void {
    this.key = key;
    this.value = value;
    const asNumber = Number(value);
    this.asNumber = Number.isSafeInteger(asNumber) ? asNumber : NaN;
  }

  addTo(sum: ExactSum): void {
    if (Number.isNaN(this.asNumber)) sum.addBig(this.value);
    else sum.addSafe(this.asNumber);
  }
}

/** The P/L's key; a guard bound's is its rung and direction (`guardBandsOf`). */
const PROFIT = 0;

/** One holding order with its last P/L, its last guard bound, and the market both were taken at. */
class PositionValue {
  order: Order;
  /** The order's instrument, kept here so a P/L reused reads nothing of the order record. */
  readonly instrumentId: number;
  private readonly market = new MarketKey();
  private readonly profit = new Cached();
  private readonly bound = new Cached();

  constructor(order: Order) {
    this.order = order;
    this.instrumentId = order.instrumentId;
  }

  private refresh(board: MarketBoard): void {
    if (!this.market.moved(board, this.instrumentId)) return;
    this.profit.key = -1;
    this.bound.key = -1;
  }

  /** Adds the floating P/L now, `floatingProfit(order, board)`. */
  addProfit(sum: ExactSum, board: MarketBoard): void {
    this.refresh(board);
    if (this.profit.key !== PROFIT) this.profit.set(PROFIT, floatingProfit(this.order, board));
    this.profit.addTo(sum);
  }

  /** Adds the guard's `profitBoundAtRung`, `key` telling the rung and direction apart. */
  addGuardBound(sum: ExactSum, board: MarketBoard, key: number, denominator: number, bound: Bound): void {
    this.refresh(board);
    if (this.bound.key !== key) this.bound.set(key, profitBoundAtRung(this.order, board, denominator, bound));
    this.bound.addTo(sum);
  }
}

type Bound = 'worst' | 'best';

/**
 * An account's holding orders of one instrument, with the sums of their P/Ls and guard bounds:
 * while the instrument's market stands still and no position comes or goes, settling reads the
 * sums and none of the positions (each a scattered object at 100,000 positions).
 */
export class InstrumentGroup {
  readonly instrumentId: number;
  readonly positions: PositionValue[] = [];
  private readonly market = new MarketKey();
  private readonly profit = new Cached();
  private readonly bound = new Cached();

  constructor(instrumentId: number) {
    this.instrumentId = instrumentId;
  }

  /** A position came or went: the sums are made again (from the positions' own memos). */
  changed(): void {
    this.profit.key = -1;
    this.bound.key = -1;
  }

  private refresh(board: MarketBoard): void {
    if (this.market.moved(board, this.instrumentId)) this.changed();
  }

  addProfit(sum: ExactSum, board: MarketBoard): void {
    this.refresh(board);
    if (this.profit.key !== PROFIT) {
      const group = new ExactSum();
      for (const position of this.positions) position.addProfit(group, board);
      this.profit.set(PROFIT, group.total());
    }
    this.profit.addTo(sum);
  }

  addGuardBound(sum: ExactSum, board: MarketBoard, key: number, denominator: number, bound: Bound): void {
    this.refresh(board);
    if (this.bound.key !== key) {
      const group = new ExactSum();
      for (const position of this.positions) position.addGuardBound(group, board, key, denominator, bound);
      this.bound.set(key, group.total());
    }
    this.bound.addTo(sum);
  }
}

export class AccountValuation {
  private readonly positions = new Map<number, PositionValue>();
  /** The positions by instrument, in a small array: an account holds a few instruments. */
  private readonly groups: InstrumentGroup[] = [];
  private used = 0n;

  /** A valuation of the account's holding orders as they are now. */
  static of(account: Account): AccountValuation {
    const valuation = new AccountValuation();
    for (const order of account.orders.values()) valuation.put(order);
    return valuation;
  }

  /**
   * Takes in an order's newest record: a holding order is valued (again, from scratch if its P/L
   * terms changed), any other state leaves the valuation.
   */
  put(order: Order): void {
    const held = this.positions.get(order.id);
    if (held) this.used -= held.order.marginMicros;
    if (order.state === 'holding') this.used += order.marginMicros;
    // A new record with the same P/L terms (a moved stop) keeps what was computed for the old one.
    if (held && order.state === 'holding' && samePosition(held.order, order)) {
      held.order = order;
      return;
    }
    if (held) {
      this.positions.delete(order.id);
      this.leave(held);
    }
    if (order.state !== 'holding') return;
    const position = new PositionValue(order);
    this.positions.set(order.id, position);
    this.join(position);
  }

  private join(position: PositionValue): void {
    let group = this.groups.find((held) => held.instrumentId === position.instrumentId);
    if (!group) this.groups.push((group = new InstrumentGroup(position.instrumentId)));
    group.positions.push(position);
    group.changed();
  }

  private leave(position: PositionValue): void {
    const at = this.groups.findIndex((held) => held.instrumentId === position.instrumentId);
    const group = this.groups[at]!;
    const { positions } = group;
    // Order within a group does not matter (its sums are exact): the last one takes the place.
    positions[positions.indexOf(position)] = positions[positions.length - 1]!;
    positions.pop();
    if (positions.length === 0) this.groups.splice(at, 1);
    else group.changed();
  }

  get usedMarginMicros(): bigint {
    return this.used;
  }

  /** The instruments held, each with its positions and sums. */
  instruments(): readonly InstrumentGroup[] {
    return this.groups;
  }

  get holdingCount(): number {
    return this.positions.size;
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
    const { equityMicros: equity, floatingMicros: floating } = this.risk(account, board);
    const used = this.used;
    return {
      balanceMicros: account.balanceMicros,
      usedMarginMicros: used,
      floatingMicros: floating,
      equityMicros: equity,
      freeMarginMicros: equity - used,
      marginLevelBasisPoints: used > 0n ? divRound(equity * 10_000n, used) : null,
    };
  }
}

/** Whether two records of one order have the same P/L terms (what `floatingProfit` reads). */
const samePosition = (a: Order, b: Order) =>
  a.instrumentId === b.instrumentId &&
  a.side === b.side &&
  a.lots === b.lots &&
  a.openPoints === b.openPoints &&
  a.state === b.state;
