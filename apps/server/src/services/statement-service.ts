/**
 * Account statements computed from the ledger and the orders: the opening balance (after the last
 * row before the range), every row of the range in its group, the trades closed in it, and the
 * closing balance. Opening + Σ rows must equal the closing balance exactly (bigint micro-dollars);
 * a statement that does not is never handed out, because it would show a broken ledger as fact.
 */
import {
  STATEMENT_GROUP_NAMES,
  STATEMENT_GROUPS,
  type Language,
  type StatementGroup,
  type StatementQuery,
  type WireStatement,
} from '@omp/protocol';
import { formatPoints, formatScaled, formatMicros, type InstrumentSpec } from '@omp/engine';
import { refused } from '../domain/errors.ts';
import { translate } from '../i18n/translate.ts';
import type { StatementRepository } from '../repositories/statement-repository.ts';
import type { UserRecord } from '../repositories/user-repository.ts';
import { statementRange, type StatementRange } from './statement-range.ts';

/** Exact decimal text with at least 2 decimals: 12.5 → "12.50", 0.000125 stays as it is. */
export function moneyText(micros: bigint): string {
  return formatMicros(micros).replace(/(\.\d\d\d*?)0+$/, '$1');
}

/** Lots (10^-8) as short decimal text: 1.5 → "1.5", 1 → "1". */
const lotsText = (lots: bigint) => formatScaled(lots, 8).replace(/\.?0+$/, '');

const GROUP_OF_KIND = new Map<string, StatementGroup>(
  STATEMENT_GROUP_NAMES.flatMap((group) => STATEMENT_GROUPS[group].map((kind) => [kind, group] as const)),
);
export const groupOfKind = (kind: string): StatementGroup => GROUP_OF_KIND.get(kind) ?? 'other';

export const TOTAL_KEYS = [
  'opening',
  'closing',
  'trading_pnl',
  'fees',
  'deposits',
  'withdrawals',
  'adjustments',
  'other',
  'net_change',
] as const;
export type TotalKey = (typeof TOTAL_KEYS)[number];

/** A closed trade, its figures as exact decimal text. */
export interface StatementTrade {
  order_id: number;
  instrument: string;
  side: 'buy' | 'sell';
  lots: string;
  open_price: string;
  close_price: string;
  opened_at: number;
  closed_at: number;
  fee: string;
  spread_cost: string;
  profit: string;
}

export interface StatementRow {
  id: number;
  group: StatementGroup;
  kind: string;
  amount: string;
  balance_after: string;
  ref_id: number;
  memo: string;
  at: number;
}

/** A statement with its figures as exact decimal text, which the downloads write as they are. */
export interface Statement {
  account: 'real' | 'demo';
  uid: number;
  /** Who the statement is about, for the documents' heading. */
  holder: { uid: number; email: string | null };
  from: string;
  to: string;
  tz: string;
  from_ms: number;
  to_ms: number;
  currency: 'USD';
  totals: Record<TotalKey, string>;
  groups: Array<{ group: StatementGroup; count: number; total: string }>;
  trade_count: number;
  trades: StatementTrade[];
  rows: StatementRow[];
}

export interface StatementAccounts {
  byId(id: number): Promise<UserRecord | undefined>;
  demoAccountOf(ownerId: number): Promise<UserRecord | undefined>;
}

export interface StatementServiceDeps {
  repository: StatementRepository;
  users: StatementAccounts;
  instrument: (id: number) => InstrumentSpec | undefined;
  /** Writes committed but not yet flushed by the book (group commit) are waited for first. */
  idle: () => Promise<void>;
  logError: (error: unknown, message: string) => void;
}

export class StatementService {
  private readonly deps: StatementServiceDeps;

  constructor(deps: StatementServiceDeps) {
    this.deps = deps;
  }

  /**
   * The account a session may see a statement of: its real account (for an own demo session, the
   * owner's) or the demo account of the same person. Nobody else's, whatever is asked.
   */
  async accountOf(session: UserRecord, wanted: 'real' | 'demo' | undefined): Promise<UserRecord> {
    const owner = session.demoOf !== null ? await this.deps.users.byId(session.demoOf) : undefined;
    const real = session.isDemo ? owner : session;
    const demo = session.isDemo ? session : await this.deps.users.demoAccountOf(session.id);
    const account = wanted === 'demo' ? demo : wanted === 'real' ? real : (real ?? demo);
    if (!account)
      throw refused(wanted === 'demo' ? 'statement.no_demo_account' : 'statement.no_real_account');
    return account;
  }

  async statement(session: UserRecord, query: StatementQuery, lang: Language): Promise<Statement> {
    const range = statementRange(query.from, query.to, query.tz);
    const account = await this.accountOf(session, query.account);
    return this.ofAccount(account, range, lang);
  }

  async ofAccount(account: UserRecord, range: StatementRange, lang: Language): Promise<Statement> {
    const { repository } = this.deps;
    await this.deps.idle();
    const [opening, rows, orders] = await Promise.all([
      repository.balanceBefore(account.id, range.fromMs),
      repository.ledgerRows(account.id, range.fromMs, range.toMs),
      repository.closedOrders(account.id, range.fromMs, range.toMs),
    ]);
    const sums = new Map<StatementGroup, { count: number; total: bigint }>(
      STATEMENT_GROUP_NAMES.map((group) => [group, { count: 0, total: 0n }]),
    );
    const byKind = new Map<string, bigint>();
    let running = opening;
    for (const row of rows) {
      running += row.amountMicros;
      const sum = sums.get(groupOfKind(row.kind))!;
      sum.count += 1;
      sum.total += row.amountMicros;
      byKind.set(row.kind, (byKind.get(row.kind) ?? 0n) + row.amountMicros);
    }
    const closing = rows.at(-1)?.balanceAfterMicros ?? opening;
    if (running !== closing) {
      this.deps.logError(
        new Error(`ledger of user ${account.id} does not add up: ${running} ≠ ${closing}`),
        'a statement was refused because its ledger does not add up',
      );
      throw refused('statement.unbalanced');
    }
    const kind = (name: string) => byKind.get(name) ?? 0n;
    const total = (group: StatementGroup) => sums.get(group)!.total;
    return {
      account: account.isDemo ? 'demo' : 'real',
      uid: account.uid,
      holder: { uid: account.uid, email: account.email },
      from: range.from,
      to: range.to,
      tz: range.tz,
      from_ms: range.fromMs,
      to_ms: range.toMs,
      currency: 'USD',
      totals: {
        opening: moneyText(opening),
        closing: moneyText(closing),
        trading_pnl: moneyText(kind('realized_pnl') + kind('stop_out')),
        fees: moneyText(kind('trade_fee')),
        deposits: moneyText(total('deposits')),
        withdrawals: moneyText(total('withdrawals')),
        adjustments: moneyText(total('adjustments')),
        other: moneyText(total('other')),
        net_change: moneyText(closing - opening),
      },
      groups: STATEMENT_GROUP_NAMES.map((group) => ({
        group,
        count: sums.get(group)!.count,
        total: moneyText(sums.get(group)!.total),
      })),
      trade_count: orders.length,
      trades: orders.map((order) => {
        const spec = this.deps.instrument(order.instrumentId);
        const price = (points: number) => (spec ? formatPoints(points, spec.pricePrecision) : String(points));
        return {
          order_id: order.id,
          instrument: spec?.showCode ?? String(order.instrumentId),
          side: order.side,
          lots: lotsText(order.lots),
          open_price: price(order.openPoints),
          close_price: price(order.closePoints),
          opened_at: order.openedAtMs,
          closed_at: order.closedAtMs,
          fee: moneyText(-order.feeMicros),
          spread_cost: moneyText(-order.spreadCostMicros),
          profit: moneyText(order.profitMicros),
        };
      }),
      rows: rows.map((row) => ({
        id: row.id,
        group: groupOfKind(row.kind),
        kind: row.kind,
        amount: moneyText(row.amountMicros),
        balance_after: moneyText(row.balanceAfterMicros),
        ref_id: row.refId,
        memo: translate(lang, row.memoKey, { id: row.refId }),
        at: row.createdAtMs,
      })),
    };
  }
}

/** The statement as the preview call answers it: totals always, rows and trades when asked. */
export function wireStatement(statement: Statement, detail: boolean): WireStatement {
  // Decimal text of at most 6 decimals: the number's shortest JSON form is the same text.
  const n = Number;
  const summary: WireStatement = {
    account: statement.account,
    uid: statement.uid,
    from: statement.from,
    to: statement.to,
    tz: statement.tz,
    from_ms: statement.from_ms,
    to_ms: statement.to_ms,
    currency: 'USD',
    totals: Object.fromEntries(
      TOTAL_KEYS.map((key) => [key, n(statement.totals[key])]),
    ) as WireStatement['totals'],
    groups: statement.groups.map((group) => ({ ...group, total: n(group.total) })),
    trade_count: statement.trade_count,
  };
  if (!detail) return summary;
  return {
    ...summary,
    trades: statement.trades.map((trade) => ({
      ...trade,
      lots: n(trade.lots),
      open_price: n(trade.open_price),
      close_price: n(trade.close_price),
      fee: n(trade.fee),
      spread_cost: n(trade.spread_cost),
      profit: n(trade.profit),
    })),
    rows: statement.rows.map((row) => ({
      ...row,
      amount: n(row.amount),
      balance_after: n(row.balance_after),
    })),
  };
}
