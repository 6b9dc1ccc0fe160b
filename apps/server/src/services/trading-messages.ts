/**
 * What a committed trading outcome tells its user on the socket: the changed order rows, the ids
 * that left the open book, and a margin call. Built once per outcome after its commit.
 */
import { divRound, type Order, type Outcome, type TradingSettings } from '@omp/engine';
import type { OrderRow } from '@omp/protocol';

export type UserMessage =
  | { type: 'FOREX_ORDER'; orders: OrderRow[] }
  | { type: 'FOREX_CLOSED'; id: number[] }
  | { type: 'MARGIN_CALL'; margin_level: number; margin_call_level: number; stop_out_level: number }
  | {
      type: 'TRAILING_STOP_CLOSED';
      id: number;
      forex_id: number;
      /** Words the socket hub needs to say it in each client's language. */
      show_code: string;
      close_price: number;
      profit: number;
    };

export function userMessagesOf(
  outcome: Outcome,
  orderRow: (order: Order) => OrderRow,
  settings: Pick<TradingSettings, 'marginCallLevel' | 'stopOutLevel'>,
): UserMessage[] {
  const messages: UserMessage[] = [];
  const rows = outcome.orders.map(orderRow);
  if (rows.length > 0) messages.push({ type: 'FOREX_ORDER', orders: rows });
  const gone = outcome.orders.filter((o) => o.state === 'closed' || o.state === 'cancelled').map((o) => o.id);
  if (gone.length > 0) messages.push({ type: 'FOREX_CLOSED', id: gone });
  // A trailing stop closes with nobody watching: it is said in words, not only by the row.
  for (const [i, order] of outcome.orders.entries()) {
    if (order.closeReason !== 'trailing_stop') continue;
    const row = rows[i]!;
    messages.push({
      type: 'TRAILING_STOP_CLOSED',
      id: row.Id,
      forex_id: row.ForexId,
      show_code: row.ForexTradeLists.ShowCode,
      close_price: row.Price,
      profit: row.FactProfits,
    });
  }
  for (const event of outcome.events) {
    if (event.type !== 'margin_call') continue;
    // Margin level in percent with two decimals, computed exactly before it becomes a number.
    const level =
      event.usedMarginMicros > 0n
        ? Number(divRound(event.equityMicros * 10_000n, event.usedMarginMicros)) / 100
        : 0;
    messages.push({
      type: 'MARGIN_CALL',
      margin_level: level,
      margin_call_level: settings.marginCallLevel,
      stop_out_level: settings.stopOutLevel,
    });
  }
  return messages;
}
