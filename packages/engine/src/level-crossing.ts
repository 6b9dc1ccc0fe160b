/**
 * Where a move of one instrument's price takes an account's margin level to a threshold (SPEC.md
 * RP2–RP4): the first bid, moving away from the current one, at which the engine's own account
 * figures (A3, A4) say "at or below".
 *
 * Used margin is held per order at its open price, so only equity moves. The equity the engine
 * computes is a sum of P/L terms each rounded to the micro-dollar, so it is not exactly monotonic
 * in the price; the exact (unrounded) sum is: linear in the bid for every instrument, or
 * constant + c / mid for a USDXXX pair that converts its own quote currency. So the search runs
 * on the exact sum, which a bisection can trust, and settles the last few points, where the
 * rounding of n terms (at most n/2 micro-dollars) may decide either way, with the engine's own
 * rounded arithmetic, point by point.
 */
import { closingPoints, floatingProfit } from './account-figures.ts';
import { ONE, profitMicros, type Ratio } from './margin.ts';
import { LOT_SCALE, MICROS_PER_USD, priceFraction, type PriceFraction } from './money.ts';
import { rateFromMid, type ConversionLeg, type MarketBoard } from './market-board.ts';
import { MAX_PRICE_PRECISION } from './price.ts';
import type { Account, Order } from './trading-types.ts';

/** Rounded points nearer the threshold than the rounding can tell apart are checked one by one, up to this many. */
export const MAX_POINTS_CHECKED = 1 << 16;

/** Every P/L coefficient is held over this one denominator (exact at every price precision). */
const COMMON_DENOMINATOR = LOT_SCALE * 10n ** BigInt(MAX_PRICE_PRECISION);

/** One holding order whose P/L moves with the instrument's bid, ready for the engine's arithmetic. */
interface MovingTerm {
  side: 'buy' | 'sell';
  position: { lots: bigint; contractSize: bigint };
  open: PriceFraction;
  /** On the moving instrument: its close follows the bid; otherwise it stays at this price. */
  onMovingInstrument: boolean;
  fixedClosePoints: number;
  precision: number;
  /** Its quote currency converts through the moving instrument (the rate moves with the mid). */
  convertsThroughMove: boolean;
  fixedRate: Ratio;
}

/** An account's equity as a function of one instrument's bid, the spread and every other price held. */
export interface EquityCurve {
  instrumentId: number;
  bid: number;
  ask: number;
  spread: number;
  /** The highest bid whose ask is still a safe integer. */
  maxBid: number;
  usedMarginMicros: bigint;
  /** Balance plus the P/L of every order the move leaves alone, exactly as the engine sums it. */
  fixedMicros: bigint;
  terms: MovingTerm[];
  /** Exact Σ P/L of the moving terms = ((slope·bid + intercept) × rate + (legSlope·bid + legIntercept) × legRate(bid)) / COMMON_DENOMINATOR. */
  slope: bigint;
  intercept: bigint;
  rate: Ratio;
  legSlope: bigint;
  legIntercept: bigint;
  leg: ConversionLeg | undefined;
}

/** The account's equity as a function of the bid of `instrumentId`; undefined without a quote. */
export function equityCurve(
  account: Account,
  board: MarketBoard,
  instrumentId: number,
): EquityCurve | undefined {
  const quote = board.quote(instrumentId);
  const movingSpec = board.instrument(instrumentId);
  if (!quote || !movingSpec) return undefined;
  const spread = quote.ask - quote.bid;
  let used = 0n;
  let fixed = account.balanceMicros;
  const terms: MovingTerm[] = [];
  const coefficients = { slope: 0n, intercept: 0n, legSlope: 0n, legIntercept: 0n };
  for (const order of account.orders.values()) {
    if (order.state !== 'holding') continue;
    used += order.marginMicros;
    const term = movingTerm(order, board, instrumentId);
    if (!term) fixed += floatingProfit(order, board);
    else {
      terms.push(term);
      addCoefficients(coefficients, term, spread);
    }
  }
  return {
    instrumentId,
    bid: quote.bid,
    ask: quote.ask,
    spread,
    maxBid: Number.MAX_SAFE_INTEGER - Math.max(0, spread),
    usedMarginMicros: used,
    fixedMicros: fixed,
    terms,
    ...coefficients,
    rate: board.usdRate(movingSpec.quoteCurrency) ?? ONE,
    leg: movingLeg(board, instrumentId),
  };
}

/** The conversion leg the moving instrument is, if it converts some quote currency. */
function movingLeg(board: MarketBoard, instrumentId: number): ConversionLeg | undefined {
  const spec = board.instrument(instrumentId);
  if (!spec) return undefined;
  for (const currency of [spec.baseCurrency, spec.quoteCurrency]) {
    const leg = board.conversionLeg(currency);
    if (leg?.instrumentId === instrumentId) return leg;
  }
  return undefined;
}

function movingTerm(order: Order, board: MarketBoard, instrumentId: number): MovingTerm | undefined {
  const spec = board.instrument(order.instrumentId);
  if (!spec) return undefined;
  const onMovingInstrument = order.instrumentId === instrumentId;
  const convertsThroughMove = board.conversionLeg(spec.quoteCurrency)?.instrumentId === instrumentId;
  const fixedClosePoints = closingPoints(order, board);
  // Without a quote of its own an order's P/L is 0 whatever moves (A2): it is fixed.
  if ((!onMovingInstrument && !convertsThroughMove) || fixedClosePoints === undefined) return undefined;
  return {
    side: order.side,
    position: { lots: order.lots, contractSize: BigInt(spec.contractSize) },
    open: priceFraction(order.openPoints, spec.pricePrecision),
    onMovingInstrument,
    fixedClosePoints,
    precision: spec.pricePrecision,
    convertsThroughMove,
    fixedRate: board.usdRate(spec.quoteCurrency) ?? ONE,
  };
}

/**
 * [M4] P/L = move × lots × contract × 10^6 / (LOT_SCALE × 10^precision) × rate. The move of an
 * order on the moving instrument is ±bid + constant (a sell closes at bid + spread); of any other
 * order a constant. Summed as coefficients of the bid, split by the rate they are converted at.
 */
function addCoefficients(
  into: { slope: bigint; intercept: bigint; legSlope: bigint; legIntercept: bigint },
  term: MovingTerm,
  spread: number,
): void {
  const weight =
    term.position.lots *
    term.position.contractSize *
    MICROS_PER_USD *
    10n ** BigInt(MAX_PRICE_PRECISION - term.precision);
  let slope = 0n;
  let intercept: bigint;
  if (term.onMovingInstrument) {
    const open = term.open.points;
    slope = term.side === 'buy' ? weight : -weight;
    intercept = (term.side === 'buy' ? -open : open - BigInt(spread)) * weight;
  } else {
    const close = BigInt(term.fixedClosePoints);
    intercept = (term.side === 'buy' ? close - term.open.points : term.open.points - close) * weight;
  }
  if (term.convertsThroughMove) {
    into.legSlope += slope;
    into.legIntercept += intercept;
  } else {
    into.slope += slope;
    into.intercept += intercept;
  }
}

/** The quote of the moving instrument at `bid`: the spread held. */
const askAt = (curve: EquityCurve, bid: number) => bid + curve.spread;

/** The USD rate of the currency the moving instrument converts, at `bid`. */
function legRateAt(curve: EquityCurve, bid: number): Ratio {
  return curve.leg ? rateFromMid(curve.leg, 2n * BigInt(bid) + BigInt(curve.spread)) : ONE;
}

/** [A3] Equity at `bid` exactly as `accountFigures` computes it: each P/L rounded on its own. */
export function equityAt(curve: EquityCurve, bid: number): bigint {
  let equity = curve.fixedMicros;
  const legRate = legRateAt(curve, bid);
  for (const term of curve.terms) {
    const close = term.onMovingInstrument
      ? term.side === 'buy'
        ? bid
        : askAt(curve, bid)
      : term.fixedClosePoints;
    equity += profitMicros(
      term.side,
      term.position,
      term.open,
      priceFraction(close, term.precision),
      term.convertsThroughMove ? legRate : term.fixedRate,
    );
  }
  return equity;
}

/** The unrounded Σ P/L of the moving terms at `bid`, as a fraction with a positive denominator. */
function exactMovingProfit(curve: EquityCurve, bid: number): Ratio {
  const b = BigInt(bid);
  const legRate = legRateAt(curve, bid);
  const plain = (curve.slope * b + curve.intercept) * curve.rate.numerator * legRate.denominator;
  const legged = (curve.legSlope * b + curve.legIntercept) * legRate.numerator * curve.rate.denominator;
  return {
    numerator: plain + legged,
    denominator: COMMON_DENOMINATOR * curve.rate.denominator * legRate.denominator,
  };
}

/** Exact Σ P/L at `bid` ≤ halves / 2 micro-dollars. */
function exactAtMostHalves(curve: EquityCurve, bid: number, halves: bigint): boolean {
  const { numerator, denominator } = exactMovingProfit(curve, bid);
  return 2n * numerator <= halves * denominator;
}

function exactLess(curve: EquityCurve, a: number, b: number): boolean {
  const x = exactMovingProfit(curve, a);
  const y = exactMovingProfit(curve, b);
  return x.numerator * y.denominator < y.numerator * x.denominator;
}

/** Which way the bid must move for the exact equity to fall; none when it does not depend on the bid. */
export function adverseDirection(curve: EquityCurve): 'down' | 'up' | undefined {
  if (curve.terms.length === 0) return undefined;
  if (curve.bid > 1 && exactLess(curve, 1, curve.bid)) return 'down';
  if (curve.bid < curve.maxBid && exactLess(curve, curve.maxBid, curve.bid)) return 'up';
  return undefined;
}

export interface CrossingPoint {
  bid: number;
  direction: 'down' | 'up';
  alreadyReached: boolean;
  /** false only when more than MAX_POINTS_CHECKED points sat inside the rounding: then the nearest of them. */
  exact: boolean;
}

/**
 * [RP2] The first bid, from the current one in the adverse direction, at which the engine's equity
 * is at or below `levelPercent` % of the used margin (A4); undefined when no valid price reaches it.
 */
export function firstCrossing(curve: EquityCurve, levelPercent: number): CrossingPoint | undefined {
  if (curve.usedMarginMicros <= 0n) return undefined;
  // A4: equity × 100 ≤ level × used ⇔ equity ≤ ⌊level × used / 100⌋, equity being whole micros.
  const threshold = (BigInt(levelPercent) * curve.usedMarginMicros) / 100n;
  const direction = adverseDirection(curve);
  if (equityAt(curve, curve.bid) <= threshold)
    return { bid: curve.bid, direction: direction ?? 'down', alreadyReached: true, exact: true };
  if (!direction) return undefined;
  const step = direction === 'down' ? -1 : 1;
  const last = direction === 'down' ? curve.bid - 1 : curve.maxBid - curve.bid;
  const bidAt = (k: number) => curve.bid + step * k;
  // Rounding moves the engine's sum at most n/2 from the exact one: exact ≤ T + n/2 is needed for
  // a crossing, exact ≤ T − n/2 is enough. Both are monotonic along the move, so they bisect.
  const room = 2n * (threshold - curve.fixedMicros);
  const rounding = BigInt(curve.terms.length);
  const possible = firstTrue(0, last, (k) => exactAtMostHalves(curve, bidAt(k), room + rounding));
  if (possible === undefined) return undefined;
  const certain = firstTrue(possible, last, (k) => exactAtMostHalves(curve, bidAt(k), room - rounding));
  const end = certain ?? last;
  if (end - possible > MAX_POINTS_CHECKED)
    return { bid: bidAt(possible), direction, alreadyReached: false, exact: false };
  for (let k = possible; k <= end; k++)
    if (equityAt(curve, bidAt(k)) <= threshold)
      return { bid: bidAt(k), direction, alreadyReached: false, exact: true };
  return undefined;
}

/** The least k in [lo, hi] for which a monotonic (false, then true) predicate holds. */
function firstTrue(lo: number, hi: number, holds: (k: number) => boolean): number | undefined {
  if (lo > hi || !holds(hi)) return undefined;
  while (lo < hi) {
    const mid = lo + Math.floor((hi - lo) / 2);
    if (holds(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
