/**
 * The stop-out explainer: what a stop-out (or a margin call) of the user's did and why. The event
 * and its closes are stored with the outcome that made them (repositories/margin-event-repository.ts);
 * this reads them back with the account's snapshots of the hours before and the closed positions'
 * prices and results, so the page can show the fall, the order of the closes (largest loss first,
 * engine rule S1) and what negative balance protection restored (S2).
 */
import { pointsToNumber, formatScaled, type InstrumentSpec, type Order } from '@omp/engine';
import type { StopOutClosed, StopOutReport, StopOutReportQuery } from '@omp/protocol';
import { invalid, notFound } from '../domain/errors.ts';
import {
  marginLevelOf,
  type MarginEventRecord,
  type MarginEventRepository,
} from '../repositories/margin-event-repository.ts';
import { money, percentOf } from '../wire/trading-wire.ts';

/** How far back the margin-level history of a report reaches. */
export const REPORT_HISTORY_MS = 6 * 3_600_000;

export interface StopOutReportsOptions {
  events: Pick<MarginEventRepository, 'eventById' | 'eventClosing' | 'snapshots'>;
  /** The user's stored order (closed ones included); another user's is not found. */
  orderById: (userId: number, id: number) => Promise<Order | undefined>;
  instrument: (id: number) => InstrumentSpec | undefined;
}

const seconds = (ms: number) => Math.floor(ms / 1000);

export class StopOutReports {
  private readonly options: StopOutReportsOptions;

  constructor(options: StopOutReportsOptions) {
    this.options = options;
  }

  async report(userId: number, query: StopOutReportQuery): Promise<StopOutReport> {
    if ((query.id === undefined) === (query.order_id === undefined))
      throw invalid('stop_out_report.id_required');
    const event =
      query.id !== undefined
        ? await this.options.events.eventById(userId, query.id)
        : await this.options.events.eventClosing(userId, query.order_id!);
    if (!event) throw notFound('stop_out_report.not_found');
    const [snapshots, closed] = await Promise.all([
      this.options.events.snapshots(userId, event.atMs - REPORT_HISTORY_MS, event.atMs),
      this.closedPositions(userId, event),
    ]);
    return {
      id: event.id,
      kind: event.kind,
      at: seconds(event.atMs),
      level_before: percentOf(marginLevelOf(event.before.equityMicros, event.before.usedMarginMicros)),
      level_after: percentOf(marginLevelOf(event.after.equityMicros, event.after.usedMarginMicros)),
      stop_out_level: event.stopOutLevel,
      margin_call_level: event.marginCallLevel,
      balance_before: money(event.before.balanceMicros),
      equity_before: money(event.before.equityMicros),
      balance_after: money(event.after.balanceMicros),
      equity_after: money(event.after.equityMicros),
      snapshots: snapshots.map((snapshot) => ({
        time: seconds(snapshot.atMs),
        margin_level: percentOf(snapshot.marginLevelBasisPoints),
        equity: money(snapshot.equityMicros),
        balance: money(snapshot.balanceMicros),
        used_margin: money(snapshot.usedMarginMicros),
      })),
      closed,
      negative_balance_protection: money(event.protectionMicros),
    };
  }

  private async closedPositions(userId: number, event: MarginEventRecord): Promise<StopOutClosed[]> {
    const closed: StopOutClosed[] = [];
    for (const [index, id] of event.closedOrderIds.entries()) {
      const order = await this.options.orderById(userId, id);
      if (!order) continue;
      const spec = this.options.instrument(order.instrumentId);
      const precision = spec?.pricePrecision ?? 0;
      closed.push({
        id,
        code: spec?.showCode ?? String(order.instrumentId),
        side: order.side === 'buy' ? 1 : 2,
        lots: Number(formatScaled(order.lots, 8)),
        price_precision: precision,
        open_price: pointsToNumber(order.openPoints, precision),
        close_price: pointsToNumber(order.closePoints, precision),
        profit: money(order.profitMicros),
        order_of_close: index + 1,
      });
    }
    return closed;
  }
}
