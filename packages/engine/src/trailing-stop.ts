/**
 * Trailing stops (SPEC.md TS1–TS7): a holding order's stop loss that follows the price in the
 * trader's favour at a fixed distance and never moves back.
 *
 * The stop loss itself is the only state: "the best closing-side price seen − distance" (buy) is
 * the same as raising the stop to bid − distance whenever that is higher, because the stop only
 * ever rises. So nothing but the stop and the distance is stored, and after a restart the stored
 * stop is the truth.
 *
 * The move is a trigger of its own (`m:<order>` in the trigger index): a buy's stop moves once the
 * bid reaches stop + distance + 1, a sell's once the ask falls to stop − distance − 1. A tick then
 * visits only the trailing orders whose stop it moves, and a quiet tick visits none.
 *
 *   // buy, distance 50 points, stop 108400: the next move comes at a bid of 108451
 *   trailedStopLoss({ side: 'buy', stopLossPoints: 108400, trailingPoints: 50 }, 108470, 108480);
 *   // 108420
 */
import type { Trigger } from './trigger-book.ts';
import type { Order } from './trading-types.ts';

/** [TS2] A trailing distance wider than this share of the price (percent) is refused. */
export const MAX_TRAILING_SHARE_PERCENT = 25;

export type TrailingRejection = 'trailing_stop_not_positive' | 'trailing_stop_too_far';

type Trailed = Pick<Order, 'side' | 'stopLossPoints' | 'trailingPoints'>;

/**
 * [TS2] A trailing distance (0 = none) must be a positive whole number of points and at most
 * `MAX_TRAILING_SHARE_PERCENT` % of the reference price (the price the stop would be measured from).
 */
export function trailingRejection(
  trailingPoints: number,
  referencePoints: number,
): TrailingRejection | undefined {
  if (trailingPoints === 0) return undefined;
  if (!Number.isSafeInteger(trailingPoints) || trailingPoints < 0) return 'trailing_stop_not_positive';
  if (trailingPoints * 100 > referencePoints * MAX_TRAILING_SHARE_PERCENT) return 'trailing_stop_too_far';
  return undefined;
}

/**
 * [TS3] The stop loss a trailing order should have at this quote, or undefined when it stays: a
 * buy's stop rises to bid − distance, a sell's falls to ask + distance, never the other way. An
 * order without a stop yet gets one (a buy's only once bid − distance is a positive price).
 */
export function trailedStopLoss(order: Trailed, bid: number, ask: number): number | undefined {
  const distance = order.trailingPoints;
  if (distance <= 0) return undefined;
  const stop = order.stopLossPoints;
  if (order.side === 'buy') {
    const candidate = bid - distance;
    return candidate > 0 && candidate > stop ? candidate : undefined;
  }
  const candidate = ask + distance;
  return stop === 0 || candidate < stop ? candidate : undefined;
}

/**
 * [TS8] A holding order as it should be at this quote: with its stop trailed (TS3) at once. An
 * order filled at the market or given a distance by `setStops` shows its stop from that moment,
 * not from the next tick.
 */
export function trailedNow<T extends Trailed & Pick<Order, 'state'>>(
  order: T,
  quote: { bid: number; ask: number },
): T {
  if (order.state !== 'holding') return order;
  const stop = trailedStopLoss(order, quote.bid, quote.ask);
  return stop === undefined ? order : { ...order, stopLossPoints: stop };
}

/**
 * [TS4] The trigger that fires exactly when `trailedStopLoss` would move the stop: the first bid
 * (buy) or ask (sell) at which the candidate beats the current stop.
 */
export function trailTrigger(
  order: Pick<Order, 'id' | 'side' | 'stopLossPoints' | 'trailingPoints'>,
): Trigger {
  const { stopLossPoints: stop, trailingPoints: distance } = order;
  if (order.side === 'buy')
    return { id: `m:${order.id}`, side: 'bid', direction: 'atOrAbove', level: stop + distance + 1 };
  return {
    id: `m:${order.id}`,
    side: 'ask',
    direction: 'atOrBelow',
    // No stop yet: any ask sets one.
    level: stop === 0 ? Number.MAX_SAFE_INTEGER : stop - distance - 1,
  };
}
