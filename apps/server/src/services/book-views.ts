/**
 * Read-only views of the trading book: an order as its wire row, an account's figures, the broker's
 * risk, the figures the periodic snapshots store and the live trade snapshot the socket pushes.
 * They decide and write nothing. An account's own views any node answers from its own book (it
 * reads the account first); the views over every account (the broker's risk, the reach of new
 * levels) are asked of the owner's book, since another node's holds only the accounts it has read.
 */
import {
  bookRisk,
  isAtOrBelowLevel,
  type Account,
  type AccountFigures as EngineAccountFigures,
  type BookRisk,
  type Order,
  type RiskLevels,
  type TradingBook,
} from '@omp/engine';
import type { AccountFigures, LevelImpact, OrderRow } from '@omp/protocol';
import { notFound } from '../domain/errors.ts';
import { toAccountFigures, toOrderRow } from '../wire/trading-wire.ts';
import { tradeSnapshotOf, type TradeSnapshot } from './position-risk.ts';

export function orderRowOf(book: TradingBook, order: Order): OrderRow {
  const spec = book.board.instrument(order.instrumentId);
  if (!spec) throw notFound('instrument_not_found', { id: order.instrumentId });
  return toOrderRow(order, spec, book.board);
}

export function accountFiguresOf(book: TradingBook, account: Account): AccountFigures {
  const figures = book.figures(account.id);
  if (!figures) throw new Error('account not in the book');
  return toAccountFigures(figures, book.settings, account.isDemo);
}

/** The broker's view of the real-money book now (packages/engine/SPEC.md "Book risk"). */
export function realMoneyRisk(book: TradingBook): BookRisk {
  const accounts = [...book.accountIds()]
    .map((id) => book.account(id))
    .filter((account): account is Account => account !== undefined && !account.isDemo);
  return bookRisk(accounts, book.board, book.settings.marginCallLevel);
}

/**
 * [B11] What new margin levels would do if saved now: the accounts holding positions, and those at
 * or below each new level at the current prices (saving settles them at once).
 */
export function levelImpactIn(book: TradingBook, levels: RiskLevels): LevelImpact {
  const impact = {
    holding_accounts: 0,
    accounts_at_margin_call: 0,
    accounts_at_stop_out: 0,
    real_accounts_at_margin_call: 0,
    real_accounts_at_stop_out: 0,
  };
  for (const { accountId, figures } of holdingAccountFiguresOf(book)) {
    const real = book.account(accountId)?.isDemo === false ? 1 : 0;
    impact.holding_accounts++;
    if (isAtOrBelowLevel(figures, levels.marginCallLevel)) {
      impact.accounts_at_margin_call++;
      impact.real_accounts_at_margin_call += real;
    }
    if (isAtOrBelowLevel(figures, levels.stopOutLevel)) {
      impact.accounts_at_stop_out++;
      impact.real_accounts_at_stop_out += real;
    }
  }
  return impact;
}

/** The engine's figures of every account holding a position (the periodic account snapshots). */
export function holdingAccountFiguresOf(
  book: TradingBook,
): Array<{ accountId: number; figures: EngineAccountFigures }> {
  const holding = [];
  for (const accountId of book.accountIds()) {
    const account = book.account(accountId);
    if (![...(account?.orders.values() ?? [])].some((order) => order.state === 'holding')) continue;
    holding.push({ accountId, figures: book.figures(accountId)! });
  }
  return holding;
}

/** Live price, P/L and danger distances of the holding orders, and the figures, for FOREX_TRADE. */
export function tradeSnapshotIn(book: TradingBook, userId: number): TradeSnapshot | undefined {
  const account = book.account(userId);
  if (!account) return undefined;
  return tradeSnapshotOf(
    account,
    book.board,
    book.settings,
    (order) => orderRowOf(book, order),
    accountFiguresOf(book, account),
  );
}
