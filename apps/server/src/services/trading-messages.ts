/**
 * What a committed trading outcome tells its user on the socket: the changed order rows, the ids
 * that left the open book, a stop-out and a margin call, each with the id of the report that
 * explains it. Built once per outcome after its commit (the commit gives the report its id).
 */
import { divRound, type Order, type Outcome, type TradingSettings } from '@omp/engine';
import type { OrderRow } from '@omp/protocol';
import { storedMarginEventId } from '../repositories/margin-event-repository.ts';
import { money } from '../wire/trading-wire.ts';

export type UserMessage =
  | { type: 'FOREX_ORDER'; orders: OrderRow[] }
  | { type: 'FOREX_CLOSED'; id: number[] }
  | {
      type: 'MARGIN_CALL';
      margin_level: number;
      margin_call_level: number;
      stop_out_level: number;
      report_id?: number;
    }
  | {
      type: 'STOP_OUT';
      report_id: number;
      margin_level: number;
      stop_out_level: number;
      closed: number[];
      negative_balance_protection: number;
    }
  | {
      type: 'TRAILING_STOP_CLOSED';
      id: number;
      forex_id: number;
      /** Words the socket hub needs to say it in each client's language. */
      show_code: string;
      close_price: number;
      profit: number;
    };

/** Margin level in percent with two decimals, computed exactly before it becomes a number. */
const percentLevel = (equityMicros: bigint, usedMarginMicros: bigint) =>
  usedMarginMicros > 0n ? Number(divRound(equityMicros * 10_000n, usedMarginMicros)) / 100 : 0;

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
    const reportId = storedMarginEventId(event);
    if (event.type === 'stop_out' && reportId !== undefined)
      messages.push({
        type: 'STOP_OUT',
        report_id: reportId,
        margin_level: percentLevel(event.before.equityMicros, event.before.usedMarginMicros),
        stop_out_level: event.levels.stopOutLevel,
        closed: event.closedOrderIds,
        negative_balance_protection: money(event.protectionMicros),
      });
    if (event.type !== 'margin_call') continue;
    messages.push({
      type: 'MARGIN_CALL',
      margin_level: percentLevel(event.equityMicros, event.usedMarginMicros),
      margin_call_level: settings.marginCallLevel,
      stop_out_level: settings.stopOutLevel,
      ...(reportId !== undefined ? { report_id: reportId } : {}),
    });
  }
  return messages;
}
