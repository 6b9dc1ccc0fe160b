/**
 * The P/L of an account's positions on one USD-quoted instrument in a few multiplications at any
 * quote, however many they are. When a point is worth a whole number of micros to a position
 * (`pointValueMicros`), its P/L is exactly the move in points times that value, with nothing to
 * round, so the positions' sum is linear in the price:
 *
 *   bid × Σ value (buys) − Σ value × open (buys) + Σ value × open (sells) − ask × Σ value (sells)
 *
 * Four running sums give it, equal to adding each position's `floatingProfit`, not an estimate of
 * it, and likewise the margin guard's bound at the edge of a box (`profitBoundAtRung`). A position
 * whose point is worth a fraction of a micro, a quote currency other than USD (its rate moves), or
 * no quote send the caller back to the per-position sum.
 */
import type { MarketBoard } from './market-board.ts';
import { pointValueMicros } from './margin.ts';
import { halfWidth } from './margin-guard.ts';
import type { InstrumentSpec } from './instrument.ts';
import type { Order } from './trading-types.ts';

export class LinearProfit {
  /** The spec the sums were taken for: another one (staff edited it) has them taken again. */
  private spec: InstrumentSpec | undefined = undefined;
  private buyValue = 0n;
  private buyOpen = 0n;
  private sellValue = 0n;
  private sellOpen = 0n;
  /** Positions whose point is worth a fraction of a micro: while any is held, no linear sum. */
  private fractional = 0;

  join(order: Order): void {
    if (this.spec) this.count(order, this.spec, true);
  }

  leave(order: Order): void {
    if (this.spec) this.count(order, this.spec, false);
  }

  /** The P/L of the group's holding orders now, or undefined where it is not linear. */
  profit(
    instrumentId: number,
    positions: readonly { order: Order }[],
    board: MarketBoard,
  ): bigint | undefined {
    const spec = board.instrument(instrumentId);
    const quote = board.quote(instrumentId);
    if (!spec || !quote) return undefined;
    const rate = board.usdRate(spec.quoteCurrency);
    if (rate && rate.numerator !== rate.denominator) return undefined;
    return this.linearFor(spec, positions) ? this.at(quote.bid, quote.ask) : undefined;
  }

  /**
   * `profitBoundAtRung` of the group's holding orders summed (each one's P/L at the edge of the
   * rung's box, `bound` for it), or undefined where it is not linear: the same sums at the edge.
   */
  bound(
    instrumentId: number,
    positions: readonly { order: Order }[],
    board: MarketBoard,
    denominator: number,
    bound: 'worst' | 'best',
  ): bigint | undefined {
    const spec = board.instrument(instrumentId);
    const quote = board.quote(instrumentId);
    if (!spec || !quote) return undefined;
    const leg = board.conversionLeg(spec.quoteCurrency);
    if (leg && board.quote(leg.instrumentId)) return undefined;
    if (!this.linearFor(spec, positions)) return undefined;
    const d = halfWidth(board, instrumentId, denominator);
    // A buy is worst at the box's low bid, a sell at its high ask; best the other way round.
    const buyAt = bound === 'worst' ? Math.max(1, quote.bid - d) : quote.bid + d;
    const sellAt = bound === 'worst' ? quote.ask + d : Math.max(1, quote.ask - d);
    return this.at(buyAt, sellAt);
  }

  /** Whether the sums hold at `spec` (taken again when staff changed it): no fractional position. */
  private linearFor(spec: InstrumentSpec, positions: readonly { order: Order }[]): boolean {
    if (spec !== this.spec) this.retake(spec, positions);
    return this.fractional === 0;
  }

  /** The positions' P/L with the buys closing at `buyAt` and the sells at `sellAt`. */
  private at(buyAt: number, sellAt: number): bigint {
    return BigInt(buyAt) * this.buyValue - this.buyOpen + this.sellOpen - BigInt(sellAt) * this.sellValue;
  }

  private retake(spec: InstrumentSpec, positions: readonly { order: Order }[]): void {
    this.spec = spec;
    this.buyValue = this.buyOpen = this.sellValue = this.sellOpen = 0n;
    this.fractional = 0;
    for (const { order } of positions) this.count(order, spec, true);
  }

  private count(order: Order, spec: InstrumentSpec, joins: boolean): void {
    const value = pointValueMicros(
      { lots: order.lots, contractSize: BigInt(spec.contractSize) },
      spec.pricePrecision,
    );
    if (value === undefined) {
      this.fractional += joins ? 1 : -1;
      return;
    }
    const atOpen = value * BigInt(order.openPoints);
    if (order.side === 'buy') {
      this.buyValue += joins ? value : -value;
      this.buyOpen += joins ? atOpen : -atOpen;
    } else {
      this.sellValue += joins ? value : -value;
      this.sellOpen += joins ? atOpen : -atOpen;
    }
  }
}
