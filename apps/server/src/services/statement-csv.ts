/**
 * A statement as CSV: UTF-8 with a byte-order mark (spreadsheets then read CJK, Thai and Arabic
 * right), one header row in the user's language, and one table:
 *
 *   opening row (balance) · every ledger row (amount, balance; a trade's details beside its P/L) ·
 *   trades closed at exactly zero P/L (no ledger row, so no amount) · group totals · closing row.
 *
 * Group totals sit in a column of their own, so the sum of the amount column is the net change.
 * Figures are exact decimal text with a point, whatever the language.
 */
import type { Language } from '@omp/protocol';
import { translate } from '../i18n/translate.ts';
import type { Statement } from './statement-service.ts';
import { localDateTime } from './statement-range.ts';

export const CSV_COLUMNS = [
  'time',
  'type',
  'description',
  'reference',
  'instrument',
  'side',
  'lots',
  'open_price',
  'close_price',
  'fee',
  'spread_cost',
  'profit',
  'amount',
  'balance',
  'total',
] as const;
type Column = (typeof CSV_COLUMNS)[number];
type Line = Partial<Record<Column, string | number | undefined>>;

/** A cell a spreadsheet must not run as a formula: text that starts like one gets a quote mark. */
function cell(value: string | number | undefined): string {
  if (value === undefined) return '';
  let text = String(value);
  if (/^[=+@\t\r-]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function statementCsv(statement: Statement, lang: Language): string {
  const t = (key: string, params: Record<string, string | number> = {}) =>
    translate(lang, `statement.${key}`, params);
  const at = (ms: number) => localDateTime(ms, statement.tz);
  const trades = new Map(statement.trades.map((trade) => [trade.order_id, trade]));
  const tradeCells = (orderId: number): Line => {
    const trade = trades.get(orderId);
    if (!trade) return {};
    trades.delete(orderId);
    return {
      instrument: trade.instrument,
      side: t(`side.${trade.side}`),
      lots: trade.lots,
      open_price: trade.open_price,
      close_price: trade.close_price,
      fee: trade.fee,
      spread_cost: trade.spread_cost,
      profit: trade.profit,
    };
  };
  const lines: Line[] = [
    { time: at(statement.from_ms), type: t('row.opening'), balance: statement.totals.opening },
  ];
  for (const row of statement.rows) {
    const isTradeResult = row.kind === 'realized_pnl' || row.kind === 'stop_out';
    lines.push({
      time: at(row.at),
      type: t(`group.${row.group}`),
      description: row.memo,
      reference: row.ref_id || undefined,
      ...(isTradeResult ? tradeCells(row.ref_id) : {}),
      amount: row.amount,
      balance: row.balance_after,
    });
  }
  // A trade closed at exactly zero wrote no P/L row; it is still one of the period's trades.
  for (const orderId of [...trades.keys()])
    lines.push({
      time: at(trades.get(orderId)!.closed_at),
      type: t('group.trades'),
      description: t('row.trade', { id: orderId }),
      reference: orderId,
      ...tradeCells(orderId),
    });
  const { totals } = statement;
  for (const [key, figure] of [
    ['trading_pnl', totals.trading_pnl],
    ['fees', totals.fees],
    ['deposits', totals.deposits],
    ['withdrawals', totals.withdrawals],
    ['adjustments', totals.adjustments],
    ['other', totals.other],
    ['net_change', totals.net_change],
  ] as const)
    lines.push({ type: t('row.total'), description: t(`total.${key}`), total: figure });
  lines.push({ time: at(statement.to_ms), type: t('row.closing'), balance: totals.closing });

  const header = CSV_COLUMNS.map((column) =>
    cell(column === 'time' ? t('column.time', { tz: statement.tz }) : t(`column.${column}`)),
  ).join(',');
  const body = lines.map((line) => CSV_COLUMNS.map((column) => cell(line[column])).join(','));
  return `\uFEFF${[header, ...body].join('\r\n')}\r\n`;
}
