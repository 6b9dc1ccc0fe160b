/**
 * The back office's dashboard: the review queues with their ages, the money in and out and the
 * new users since the staff member's midnight, and the book's risk now (exposure per instrument,
 * floating P/L, accounts at margin call). Amounts are exact decimal text, lots too.
 */
import type { AccountAtRisk } from '@omp/engine';
import type { WireDashboard } from '@omp/protocol';
import type { DashboardRepository, QueueCount } from '../repositories/dashboard-repository.ts';
import type { TradingService } from './trading-service.ts';
import { timeText } from '../wire/trading-wire.ts';
import { scaledText, usdText } from '../wire/decimal-text.ts';

export interface DashboardOptions {
  repository: DashboardRepository;
  trading: Pick<TradingService, 'bookRisk'>;
  codeOf: (instrumentId: number) => string;
  now: () => number;
}

const lotsText = (lots: bigint) => scaledText(lots, 8);

const queue = (count: QueueCount) => ({
  waiting: count.waiting,
  oldest_at: count.oldestAtMs === null ? '' : timeText(count.oldestAtMs),
});

export class DashboardService {
  private readonly o: DashboardOptions;

  constructor(options: DashboardOptions) {
    this.o = options;
  }

  /** `sinceMs`: the start of the staff member's day; their browser knows its time zone. */
  async snapshot(sinceMs: number): Promise<WireDashboard> {
    const [queues, money, newUsers, ledger, risk] = await Promise.all([
      this.o.repository.queues(),
      this.o.repository.moneySince(sinceMs),
      this.o.repository.newUsersSince(sinceMs),
      this.o.repository.ledgerSince(sinceMs),
      this.o.trading.bookRisk(),
    ]);
    const kind = (name: string) => ledger.get(name) ?? { count: 0, amountMicros: 0n };
    const counted = (name: string, sign = 1n) => ({
      count: kind(name).count,
      usd: usdText(sign * kind(name).amountMicros),
    });
    return {
      at: timeText(this.o.now()),
      queues: {
        identity: queue(queues.identity),
        deposits: queue(queues.deposits),
        withdrawals: queue(queues.withdrawals),
      },
      since: {
        at: timeText(sinceMs),
        deposits: { count: money.deposits.count, usd: usdText(money.deposits.amountMicros) },
        withdrawals: { count: money.withdrawals.count, usd: usdText(money.withdrawals.amountMicros) },
        new_users: newUsers,
        realized_pl_usd: usdText(kind('realized_pnl').amountMicros + kind('stop_out').amountMicros),
        fees_usd: usdText(-kind('trade_fee').amountMicros),
        stop_outs: counted('stop_out'),
        negative_balance_corrections: counted('negative_balance_protection'),
      },
      book: {
        open_positions: risk.openPositions,
        active_traders: risk.activeTraders,
        pending_orders: risk.pendingOrders,
        floating_pl_usd: usdText(risk.floatingMicros),
        exposures: risk.exposures.map((exposure) => ({
          instrument_id: exposure.instrumentId,
          code: this.o.codeOf(exposure.instrumentId),
          long_lots: lotsText(exposure.longLots),
          short_lots: lotsText(exposure.shortLots),
          net_lots: lotsText(exposure.netLots),
          net_usd: usdText(exposure.netNotionalMicros),
          floating_pl_usd: usdText(exposure.floatingMicros),
          positions: exposure.positions,
        })),
        largest_positions: risk.largestPositions.map((position) => ({
          user_id: position.accountId,
          order_id: position.orderId,
          code: this.o.codeOf(position.instrumentId),
          side: position.side,
          lots: lotsText(position.lots),
          notional_usd: usdText(position.notionalMicros),
          floating_pl_usd: usdText(position.floatingMicros),
        })),
        at_margin_call: risk.atMarginCall.map(accountAtRisk),
        lowest_margin_levels: risk.lowestMarginLevels.map(accountAtRisk),
      },
    };
  }
}

function accountAtRisk(account: AccountAtRisk) {
  return {
    user_id: account.accountId,
    margin_level_pct: scaledText(account.marginLevelBasisPoints, 2),
    equity_usd: usdText(account.equityMicros),
    used_margin_usd: usdText(account.usedMarginMicros),
  };
}
