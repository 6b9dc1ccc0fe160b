/**
 * The sides stop loss and take profit must keep when edited, judged by the engine's own rule
 * (`stopSideRejection`, SPEC.md C2): against the target of a pending order, and against the price
 * a holding position would close at now (the bid for a buy, the ask for a sell). 0 or empty means
 * none.
 */
import { stopSideRejection } from '@omp/engine';
import { OrderStatus, type OrderRow } from '@omp/protocol';
import { pricePoints } from '../ticket/ticket-preview.ts';
import { isBuy } from './order-texts.ts';

export type StopsProblem = 'stop_loss_wrong_side' | 'take_profit_wrong_side' | 'price_invalid';

/** The price the stops are judged against. */
export function stopsReferenceOf(row: Pick<OrderRow, 'Status' | 'OriginPrice' | 'Price'>): number {
  return row.Status === OrderStatus.pending ? row.OriginPrice : row.Price;
}

export function checkStops(
  row: Pick<OrderRow, 'Status' | 'OriginPrice' | 'Price' | 'OrderType' | 'ForexTradeLists'>,
  stopLossText: string,
  takeProfitText: string,
): { field: 'stopLoss' | 'takeProfit'; problem: StopsProblem } | undefined {
  const precision = row.ForexTradeLists.PricePrecision;
  const stopLoss = pricePoints(stopLossText, precision);
  const takeProfit = pricePoints(takeProfitText, precision);
  if (stopLoss === null) return { field: 'stopLoss', problem: 'price_invalid' };
  if (takeProfit === null) return { field: 'takeProfit', problem: 'price_invalid' };
  const reference = pricePoints(String(stopsReferenceOf(row)), precision);
  if (!reference) return undefined;
  const wrongSide = stopSideRejection(
    isBuy(row) ? 'buy' : 'sell',
    { stopLossPoints: stopLoss, takeProfitPoints: takeProfit },
    { stopLoss: reference, takeProfit: reference },
  );
  if (wrongSide === undefined) return undefined;
  return { field: wrongSide === 'stop_loss_wrong_side' ? 'stopLoss' : 'takeProfit', problem: wrongSide };
}

/** A stored stop as the edit box shows it: none (0) is empty, else the exact decimals. */
export function stopText(price: number, precision: number): string {
  return price > 0 ? price.toFixed(precision) : '';
}
