/**
 * What a fill cost beyond the price (SPEC.md F2): the spread crossed, in money, and the slippage
 * between the price the trader asked for and the one they got. Both are the engine's arithmetic
 * (M4), so the success sheet and the order detail agree with the ledger to the micro-dollar.
 *
 *   spreadCostMicros({ lots: 1e8n, contractSize: 100000n }, 10, 5, ONE) === 10_000_000n  // 10 USD
 *   slippagePoints({ side: 'buy', askedPoints: 110_000, openPoints: 110_003 }) === 3     // against
 */
import { profitMicros, type Ratio, type SizedPosition } from './margin.ts';
import { priceFraction } from './money.ts';
import type { Order } from './trading-types.ts';

/**
 * [F2] The spread in USD: spread × lots × contract × rate(quote), what a round trip at an
 * unchanged quote would lose; computed as the P/L of buying at the bid and selling at the ask.
 */
export function spreadCostMicros(
  position: SizedPosition,
  spreadPoints: number,
  precision: number,
  quoteToUsd: Ratio,
): bigint {
  return profitMicros(
    'buy',
    position,
    priceFraction(0, precision),
    priceFraction(spreadPoints, precision),
    quoteToUsd,
  );
}

/**
 * [F2] Filled − asked for a buy, asked − filled for a sell: positive is always against the trader.
 * 0 for an order not filled yet, or one filled before asked prices were recorded.
 */
export function slippagePoints(order: Pick<Order, 'side' | 'askedPoints' | 'openPoints'>): number {
  if (order.askedPoints <= 0 || order.openPoints <= 0) return 0;
  const move = order.openPoints - order.askedPoints;
  return order.side === 'buy' ? move : -move;
}
