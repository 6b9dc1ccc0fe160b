/**
 * Margin guards: how the engine notices that an account nears a margin call or stop-out without
 * looking at every account on every tick (SPEC.md G1–G2: the cost of a tick grows with what it fires,
 * not with what is open).
 *
 * After every decision about an account, the engine draws a box around the current quote of each
 * instrument the account's equity depends on (the instruments it holds and the USD pairs that
 * convert their quote currencies): bid and ask may each move up to `d` points either way. It
 * computes a lower bound of the equity anywhere inside the box — every P/L term is monotonic in
 * each price it depends on, so its minimum over the box is at a corner — and keeps the widest box
 * from a ladder whose bound stays above the guarded level. The box edges become four triggers per
 * instrument in the price-sorted trigger books. While no edge is crossed the account provably
 * stays above the level; when one is, the engine re-checks the account exactly and draws a new box.
 *
 * An instrument with no quote yet (a book loaded before the feed's first price, after a restart)
 * counts 0 in the bounds and gets a box around price 0 instead: its first quote, whatever it is,
 * crosses an edge, so the account is re-checked at the first price it can be valued at.
 */
import { ONE, profitMicros } from './margin.ts';
import { ExactSum, priceFraction } from './money.ts';
import { rateFromMid, type MarketBoard } from './market-board.ts';
import type { AccountValuation } from './account-valuation.ts';
import type { Account, Order } from './trading-types.ts';

/** Box half-widths as fractions of the price, widest first: 1/64 (about 1.6 %) down to 1/65536. */
const LADDER_DENOMINATORS = [64, 256, 1024, 4096, 16_384, 65_536] as const;

export interface GuardBand {
  instrumentId: number;
  /** Half-width of the box in points, at least 1. */
  halfWidthPoints: number;
  bid: number;
  ask: number;
}

/**
 * A drawing of guards: the boxes, and whether a rung of the ladder held. When none held, the boxes
 * are of 1 point and prove nothing about the level: they only make the next move re-check.
 */
export interface GuardDrawing {
  bands: GuardBand[];
  proven: boolean;
}

/** The box of an instrument not quoted yet: every price (at least 1 point) is on or above its edges. */
function firstQuoteBox(instrumentId: number): GuardBand {
  return { instrumentId, halfWidthPoints: 1, bid: 0, ask: 0 };
}

export function halfWidth(board: MarketBoard, instrumentId: number, denominator: number): number {
  const quote = board.quote(instrumentId);
  if (!quote) return 1;
  return Math.max(1, Math.floor((quote.bid + quote.ask) / 2 / denominator));
}

/** The instruments whose prices move this account's equity. */
export function watchedInstruments(account: Account, board: MarketBoard): number[] {
  const watched = new Set<number>();
  for (const order of account.orders.values()) {
    if (order.state !== 'holding') continue;
    watched.add(order.instrumentId);
    const spec = board.instrument(order.instrumentId);
    const leg = spec && board.conversionLeg(spec.quoteCurrency);
    if (leg) watched.add(leg.instrumentId);
  }
  return [...watched];
}

/**
 * [G1] The lowest (`worst`) or highest (`best`) floating P/L of one order anywhere in the box. At a
 * fixed rate the P/L is a rounding of (close − open) × a positive factor, which never decreases as
 * the close price gains for a buy (loses for a sell), rounded or not: so the bound sits at the
 * order's worst (best) close price in the box, and only the rate's two corners are left to compare.
 */
export function profitBound(
  order: Order,
  board: MarketBoard,
  widths: Map<number, number>,
  bound: 'worst' | 'best',
): bigint {
  const spec = board.instrument(order.instrumentId);
  const leg = spec && board.conversionLeg(spec.quoteCurrency);
  const d = widths.get(order.instrumentId) ?? 1;
  return profitBoundIn(order, board, d, leg ? (widths.get(leg.instrumentId) ?? 1) : 1, bound);
}

/** `profitBound` in the box of one ladder rung (the widths `guardBands` gives every instrument). */
export function profitBoundAtRung(
  order: Order,
  board: MarketBoard,
  denominator: number,
  bound: 'worst' | 'best',
): bigint {
  const spec = board.instrument(order.instrumentId);
  const leg = spec && board.conversionLeg(spec.quoteCurrency);
  const d = halfWidth(board, order.instrumentId, denominator);
  return profitBoundIn(order, board, d, leg ? halfWidth(board, leg.instrumentId, denominator) : 1, bound);
}

/** `profitBound` with the half-widths of the order's instrument (`d`) and of its conversion leg. */
function profitBoundIn(
  order: Order,
  board: MarketBoard,
  d: number,
  legWidth: number,
  bound: 'worst' | 'best',
): bigint {
  const spec = board.instrument(order.instrumentId);
  const quote = board.quote(order.instrumentId);
  if (!spec || !quote) return 0n;
  const close = order.side === 'buy' ? quote.bid : quote.ask;
  // A buy gains as the price rises, a sell as it falls.
  const low = Math.max(1, close - d);
  const high = close + d;
  const price = (bound === 'worst') === (order.side === 'buy') ? low : high;
  const position = { lots: order.lots, contractSize: BigInt(spec.contractSize) };
  const open = priceFraction(order.openPoints, spec.pricePrecision);
  const at = priceFraction(price, spec.pricePrecision);
  const leg = board.conversionLeg(spec.quoteCurrency);
  const legQuote = leg && board.quote(leg.instrumentId);
  if (!leg || !legQuote) return profitMicros(order.side, position, open, at, ONE);
  const dLeg = BigInt(legWidth);
  const mid2 = BigInt(legQuote.bid) + BigInt(legQuote.ask);
  const a = profitMicros(
    order.side,
    position,
    open,
    at,
    rateFromMid(leg, mid2 - 2n * dLeg > 0n ? mid2 - 2n * dLeg : 1n),
  );
  const b = profitMicros(order.side, position, open, at, rateFromMid(leg, mid2 + 2n * dLeg));
  return (bound === 'worst') === a < b ? a : b;
}

/**
 * Which side of a level a box must keep the account on: `above` guards a level not yet reached
 * (equity strictly above it everywhere in the box), `at_or_below` guards a level already reached
 * (equity at or below it everywhere), so a recovery is noticed as surely as a fall.
 */
export type GuardSide = 'above' | 'at_or_below';

/**
 * [G2] The widest box in which the account provably stays on `side` of `levelPercent` of its used
 * margin, or boxes of 1 point (re-check on every move) when even the narrowest rung is too wide.
 * Empty when the account holds nothing.
 */
export function guardBands(
  account: Account,
  board: MarketBoard,
  levelPercent: number,
  side: GuardSide = 'above',
): GuardBand[] {
  const watched = watchedInstruments(account, board);
  if (watched.length === 0) return [];
  let used = 0n;
  for (const order of account.orders.values()) if (order.state === 'holding') used += order.marginMicros;
  const bound = boundOf(side);
  return ladderBands(board, watched, used, levelPercent, side, (denominator) => {
    let equity = account.balanceMicros;
    for (const order of account.orders.values())
      if (order.state === 'holding') equity += profitBoundAtRung(order, board, denominator, bound);
    return equity;
  }).bands;
}

/**
 * [G2] `guardBands` from the account's valuation (account-valuation.ts): each position's bound is
 * computed once per market and rung, so re-drawing after a fire bounds only what the fire moved.
 * The same boxes as `guardBands`, possibly listed in another order.
 */
export function guardBandsOf(
  valuation: AccountValuation,
  account: Account,
  board: MarketBoard,
  levelPercent: number,
  side: GuardSide = 'above',
): GuardBand[] {
  return guardDrawingOf(valuation, account, board, levelPercent, side).bands;
}

/** `guardBandsOf`, and whether its boxes prove the level (`GuardDrawing`). */
export function guardDrawingOf(
  valuation: AccountValuation,
  account: Account,
  board: MarketBoard,
  levelPercent: number,
  side: GuardSide = 'above',
): GuardDrawing {
  if (valuation.holdingCount === 0) return { bands: [], proven: false };
  // An array, not a set: an account holds a few instruments, and this runs on every settling.
  const watched: number[] = [];
  for (const { instrumentId } of valuation.instruments()) {
    if (!watched.includes(instrumentId)) watched.push(instrumentId);
    const spec = board.instrument(instrumentId);
    const leg = spec && board.conversionLeg(spec.quoteCurrency);
    if (leg && !watched.includes(leg.instrumentId)) watched.push(leg.instrumentId);
  }
  const bound = boundOf(side);
  return ladderBands(board, watched, valuation.usedMarginMicros, levelPercent, side, (denominator, rung) => {
    const key = rung * 2 + (bound === 'worst' ? 0 : 1);
    const sum = new ExactSum();
    sum.addBig(account.balanceMicros);
    for (const group of valuation.instruments()) group.addGuardBound(sum, board, key, denominator, bound);
    return sum.total();
  });
}

/** Above a level, what matters is the equity's lower bound over the box; at or below, its upper. */
const boundOf = (side: GuardSide) => (side === 'above' ? 'worst' : 'best');

/** The widest rung of the ladder whose box keeps `equityAt` on `side` of the level, as bands. */
function ladderBands(
  board: MarketBoard,
  watched: readonly number[],
  used: bigint,
  levelPercent: number,
  side: GuardSide,
  equityAt: (denominator: number, rung: number) => bigint,
): GuardDrawing {
  const threshold = BigInt(levelPercent) * used;
  let chosen: number | undefined;
  for (let rung = 0; rung < LADDER_DENOMINATORS.length; rung++) {
    const denominator = LADDER_DENOMINATORS[rung]!;
    const equity = equityAt(denominator, rung);
    const holds = side === 'above' ? equity * 100n > threshold : equity * 100n <= threshold;
    if (holds) {
      chosen = denominator;
      break;
    }
  }
  const bands: GuardBand[] = [];
  let allQuoted = true;
  for (const instrumentId of watched) {
    const quote = board.quote(instrumentId);
    if (!quote) {
      bands.push(firstQuoteBox(instrumentId));
      allQuoted = false;
      continue;
    }
    bands.push({
      instrumentId,
      halfWidthPoints: chosen === undefined ? 1 : halfWidth(board, instrumentId, chosen),
      bid: quote.bid,
      ask: quote.ask,
    });
  }
  // A bound that counted an unquoted instrument as 0 proves nothing about its first price.
  return { bands, proven: chosen !== undefined && allQuoted };
}

/** The boxes that satisfy both guards: per instrument, the narrower half-width. */
export function narrowestBands(a: GuardBand[], b: GuardBand[]): GuardBand[] {
  const widthOf = new Map(b.map((band) => [band.instrumentId, band.halfWidthPoints]));
  return a.map((band) => ({
    ...band,
    halfWidthPoints: Math.min(band.halfWidthPoints, widthOf.get(band.instrumentId) ?? band.halfWidthPoints),
  }));
}
