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
 * The trading book keeps one valuation per account and feeds it every order it puts (`put`), so
 * the valuation holds exactly the account's holding orders.
 */
import { floatingProfit } from './account-figures.ts';
import type { InstrumentSpec } from './instrument.ts';
import { profitBoundAtRung } from './margin-guard.ts';
import type { ConversionLeg, MarketBoard } from './market-board.ts';
import { divRound, ExactSum } from './money.ts';
import type { Account, AccountFigures, Order, RiskFigures } from './trading-types.ts';

/** One holding order with its last P/L, its last guard bound, and the market both were taken at. */
export class PositionValue {
  order: Order;
  /** The order's instrument, kept here so a P/L reused reads nothing of the order record. */
  private readonly instrumentId: number;
  private spec: InstrumentSpec | undefined = undefined;
  private bid = -1;
  private ask = -1;
  private leg: ConversionLeg | undefined = undefined;
  private legBid = -1;
  private legAsk = -1;
  private profitKnown = false;
  private profit = 0n;
  /**
   * The P/L as a number when it is a safe integer (NaN otherwise): summing numbers allocates
   * nothing and reads no bigint, and is exact while every partial sum stays a safe integer.
   */
  private profitNumber = NaN;
  /** Which bound `bound` holds (`boundKey`), -1 for none; see `guardBound`. */
  private boundKey = -1;
  private bound = 0n;
  /** `bound` as a safe integer, NaN when it is not one. */
  private boundNumber = NaN;

  constructor(order: Order) {
    this.order = order;
    this.instrumentId = order.instrumentId;
  }

  /**
   * Compares the market with the one the figures were taken at, and forgets them when it moved.
   * Everything `floatingProfit` and the guard's `profitBound` read of the board is compared here.
   */
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
    this.profitKnown = false;
    this.boundKey = -1;
  }

  /** The floating P/L now, as `floatingProfit(order, board)`. */
  profitNow(board: MarketBoard): bigint {
    this.refresh(board);
    if (!this.profitKnown) {
      this.profit = floatingProfit(this.order, board);
      this.profitNumber = safeNumber(this.profit);
      this.profitKnown = true;
    }
    return this.profit;
  }

  /** Adds `profitNow` to a sum. */
  addProfit(sum: ExactSum, board: MarketBoard): void {
    const profit = this.profitNow(board);
    if (Number.isNaN(this.profitNumber)) sum.addBig(profit);
    else sum.addSafe(this.profitNumber);
  }

  /**
   * The guard's `profitBoundAtRung`, which depends only on the market compared in `refresh` and on
   * the rung and direction (`key` tells them apart): computed once per market, then reused.
   */
  guardBound(board: MarketBoard, key: number, denominator: number, bound: 'worst' | 'best'): bigint {
    this.refresh(board);
    if (this.boundKey !== key) {
      this.bound = profitBoundAtRung(this.order, board, denominator, bound);
      this.boundNumber = safeNumber(this.bound);
      this.boundKey = key;
    }
    return this.bound;
  }

  /** Adds `guardBound` to a sum. */
  addGuardBound(
    sum: ExactSum,
    board: MarketBoard,
    key: number,
    denominator: number,
    bound: 'worst' | 'best',
  ): void {
    const value = this.guardBound(board, key, denominator, bound);
    if (Number.isNaN(this.boundNumber)) sum.addBig(value);
    else sum.addSafe(this.boundNumber);
  }
}

export class AccountValuation {
  private readonly positions = new Map<number, PositionValue>();
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
    if (order.state !== 'holding') {
      if (held) this.positions.delete(order.id);
      return;
    }
    this.used += order.marginMicros;
    // A new record with the same P/L terms (a moved stop) keeps what was computed for the old one.
    if (held && samePosition(held.order, order)) held.order = order;
    else this.positions.set(order.id, new PositionValue(order));
  }

  get usedMarginMicros(): bigint {
    return this.used;
  }

  /** The holding orders, each with its memo. */
  values(): IterableIterator<PositionValue> {
    return this.positions.values();
  }

  get holdingCount(): number {
    return this.positions.size;
  }

  /** Balance, equity and used margin now: `accountFigures` without the margin level's division. */
  risk(account: Account, board: MarketBoard): RiskFigures & { floatingMicros: bigint } {
    const sum = new ExactSum();
    for (const position of this.positions.values()) position.addProfit(sum, board);
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

/** A bigint as a number when it is a safe integer, NaN otherwise. */
function safeNumber(value: bigint): number {
  const asNumber = Number(value);
  return Number.isSafeInteger(asNumber) ? asNumber : NaN;
}

/** Whether two records of one order have the same P/L terms (what `floatingProfit` reads). */
const samePosition = (a: Order, b: Order) =>
  a.instrumentId === b.instrumentId &&
  a.side === b.side &&
  a.lots === b.lots &&
  a.openPoints === b.openPoints &&
  a.state === b.state;
