/**
 * A dragged line as the change it asks for: what the confirmation sheet says of it (the first rule
 * it would break, the profit or loss the order would make at the new price) and the call that
 * makes it. The rules are the engine's own (stop sides C2, pending kinds O2), so the sheet refuses
 * what the server would refuse before anything is sent; the server stays the judge.
 */
import {
  parseLots,
  parsePriceToPoints,
  priceFraction,
  profitMicros,
  stopSideRejection,
  type Ratio,
} from '@omp/engine';
import type { OrderRow } from '@omp/protocol';
import { isBuy } from '../orders/order-texts.ts';
import { checkStops, stopText } from '../orders/stops-rules.ts';
import { pendingKindOf } from '../ticket/ticket-preview.ts';
import type { ChartLine } from './chart-lines.ts';

export interface LineMove {
  line: ChartLine;
  row: OrderRow;
  /** The new price, snapped to the instrument's precision, and its exact text. */
  price: number;
  text: string;
}

export type MoveProblem =
  'stop_loss_wrong_side' | 'take_profit_wrong_side' | 'target_at_market' | 'price_invalid';

/** The stops the order would have after the move, as the API's texts ('0' is none). */
export function stopsAfter(move: LineMove): { takeProfit: string; stopLoss: string } {
  const precision = move.row.ForexTradeLists.PricePrecision;
  const takeProfit =
    move.line.role === 'takeProfit' ? move.text : stopText(move.row.TargetProfitPrice, precision) || '0';
  const stopLoss =
    move.line.role === 'stopLoss' ? move.text : stopText(move.row.TargetLossPrice, precision) || '0';
  return { takeProfit, stopLoss };
}

/** The first rule the move breaks, judged against the live quote; undefined when it may be sent. */
export function moveProblem(
  move: LineMove,
  quote: { Bid: number; Ask: number } | undefined,
): MoveProblem | undefined {
  const { row } = move;
  const precision = row.ForexTradeLists.PricePrecision;
  if (move.line.role !== 'target') {
    const { takeProfit, stopLoss } = stopsAfter(move);
    return checkStops(row, stopLoss, takeProfit)?.problem;
  }
  const target = parsePriceToPoints(move.text, precision);
  if (target === null || target <= 0) return 'price_invalid';
  const side = isBuy(row) ? 'buy' : 'sell';
  if (quote) {
    const bid = parsePriceToPoints(quote.Bid, precision);
    const ask = parsePriceToPoints(quote.Ask, precision);
    if (bid !== null && ask !== null && !pendingKindOf(side, target, bid, ask)) return 'target_at_market';
  }
  const points = (price: number) => (price > 0 ? (parsePriceToPoints(price, precision) ?? 0) : 0);
  return stopSideRejection(
    side,
    { stopLossPoints: points(row.TargetLossPrice), takeProfitPoints: points(row.TargetProfitPrice) },
    { stopLoss: target, takeProfit: target },
  );
}

/**
 * What the order would make (+) or lose (−) closing at the new stop, in micro-dollars, from the
 * price it opened at (a pending order's target). Undefined for a moved target, which closes
 * nothing, or without a rate to convert the quote currency.
 */
export function profitAtMove(move: LineMove, quoteToUsd: Ratio | undefined): bigint | undefined {
  if (move.line.role === 'target' || move.line.role === 'entry' || !quoteToUsd) return undefined;
  const { row } = move;
  const precision = row.ForexTradeLists.PricePrecision;
  const open = parsePriceToPoints(row.OriginPrice, precision);
  const close = parsePriceToPoints(move.text, precision);
  const lots = parseLots(String(row.Quantity));
  if (open === null || close === null || lots === null) return undefined;
  return profitMicros(
    isBuy(row) ? 'buy' : 'sell',
    { lots, contractSize: BigInt(row.ForexContNum) },
    priceFraction(open, precision),
    priceFraction(close, precision),
    quoteToUsd,
  );
}
