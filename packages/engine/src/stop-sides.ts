/**
 * The side rule of stop loss and take profit, the one home for it: the server applies it at order
 * entry [O5] and when stops are edited [C2], the phone applies it before a tap is sent.
 *
 * A buy's stop loss sits below its reference price and its take profit above; a sell's the
 * reverse. A level equal to the reference is on the wrong side (it would fire on the next tick),
 * and 0 means none, which no side rule refuses. The caller names the reference: the price an order
 * opens at, or for a stop loss of a market or holding order the price it would close at now.
 *
 *   const marketBuy = { stopLoss: 108500, takeProfit: 108512 }; // the bid, the ask
 *   stopSideRejection('buy', { stopLossPoints: 108600, takeProfitPoints: 0 }, marketBuy);
 *   // 'stop_loss_wrong_side'
 */

export type StopSideRejection = 'stop_loss_wrong_side' | 'take_profit_wrong_side';

export interface StopLevels {
  /** Points; 0 is none. */
  stopLossPoints: number;
  /** Points; 0 is none. */
  takeProfitPoints: number;
}

/** The prices, in points, each level is judged against. */
export interface StopReferences {
  stopLoss: number;
  takeProfit: number;
}

/** The first level on the wrong side of its reference, the stop loss first; undefined when both are fine. */
export function stopSideRejection(
  side: 'buy' | 'sell',
  stops: StopLevels,
  references: StopReferences,
): StopSideRejection | undefined {
  const buy = side === 'buy';
  const { stopLossPoints: stopLoss, takeProfitPoints: takeProfit } = stops;
  if (stopLoss > 0 && (buy ? stopLoss >= references.stopLoss : stopLoss <= references.stopLoss))
    return 'stop_loss_wrong_side';
  if (takeProfit > 0 && (buy ? takeProfit <= references.takeProfit : takeProfit >= references.takeProfit))
    return 'take_profit_wrong_side';
  return undefined;
}
