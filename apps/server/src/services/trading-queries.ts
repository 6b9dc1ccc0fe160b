/**
 * Read side of trading: order lists and the ledger. Open orders come from the engine's book (live
 * prices and P/L); finished ones and the ledger from the database, which holds every committed
 * change before its request is answered.
 */
import { OrderStatus, type Language, type LedgerRow, type MyDealResult, type OrderRow } from '@omp/protocol';
import { translate } from '../i18n/translate.ts';
import type { TradingRepository } from '../repositories/trading-repository.ts';
import type { TradingUser } from '../inputs/trading-inputs.ts';
import type { TradingService } from './trading-service.ts';
import { money, timeText } from '../wire/trading-wire.ts';

export class TradingQueries {
  private readonly trading: TradingService;
  private readonly repository: TradingRepository;

  constructor(trading: TradingService, repository: TradingRepository) {
    this.trading = trading;
    this.repository = repository;
  }

  async myDeal(user: TradingUser, status: 0 | 1 | 3, page: number, pageSize: number): Promise<MyDealResult> {
    const account = await this.trading.account(user);
    const offset = (page - 1) * pageSize;
    let rows: OrderRow[];
    let total: number;
    let profit: number;
    if (status === OrderStatus.closed) {
      const statuses = [OrderStatus.closed, OrderStatus.cancelled];
      const summary = await this.repository.orderSummary(user.id, statuses);
      rows = (await this.repository.ordersPage(user.id, statuses, offset, pageSize)).map((order) =>
        this.trading.orderRow(order),
      );
      total = summary.total;
      profit = money(summary.profitMicros);
    } else {
      const state = status === OrderStatus.holding ? 'holding' : 'pending';
      const open = [...account.orders.values()]
        .filter((order) => order.state === state)
        .sort((a, b) => b.id - a.id);
      const all = open.map((order) => this.trading.orderRow(order));
      rows = all.slice(offset, offset + pageSize);
      total = all.length;
      // Summed from the exact micro-dollar figures, not from the rows.
      profit = state === 'holding' ? money(this.trading.floatingMicros(user.id)) : 0;
    }
    return { data: rows, total, page, all_fact_profits: profit, balance: money(account.balanceMicros) };
  }

  async ledger(
    userId: number,
    lang: Language,
    page: number,
    pageSize: number,
  ): Promise<{ list: LedgerRow[]; total: number; page: number }> {
    const [summary, rows] = await Promise.all([
      this.repository.ledgerSummary(userId),
      this.repository.ledgerPage(userId, (page - 1) * pageSize, pageSize),
    ]);
    return {
      list: rows.map((row) => ({
        Id: row.id,
        Kind: row.kind,
        Value: money(row.amountMicros),
        BalanceAfter: money(row.balanceAfterMicros),
        MemoTran: translate(lang, row.memoKey, { id: row.refId }),
        RefId: row.refId,
        CreatedAt: Math.floor(row.createdAtMs / 1000),
        CreatedAtTran: timeText(row.createdAtMs),
      })),
      total: summary.total,
      page,
    };
  }
}
