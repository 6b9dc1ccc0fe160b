/**
 * A statement as a PDF (PDFKit) in the user's language: the summary of totals, the trades closed
 * in the range and every ledger row, on A4 pages. Right-to-left languages get the page mirrored
 * (columns from the right, text runs in visual order, statement-fonts.ts). The document is a
 * stream: the caller pipes it out while later pages are still being written.
 */
import type PDFDocument from 'pdfkit';
import type { Language } from '@omp/protocol';
import { translate } from '../i18n/translate.ts';
import { fontsFor, isRightToLeft, visualRuns, type FontRole } from './statement-fonts.ts';
import { localDateTime } from './statement-range.ts';
import type { Statement } from './statement-service.ts';

const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin - 16;
const GREY = '#6b7280';
const RULE = '#d1d5db';

type Align = 'start' | 'end';
interface Column {
  width: number;
  align: Align;
}

/** Writes lines of mixed scripts at exact positions, mirrored for right-to-left languages. */
class Writer {
  readonly doc: PDFKit.PDFDocument;
  readonly rtl: boolean;
  y = PAGE.margin;

  constructor(doc: PDFKit.PDFDocument, rtl: boolean) {
    this.doc = doc;
    this.rtl = rtl;
  }

  private measure(text: string, size: number, role: FontRole) {
    const runs = visualRuns(text, this.rtl).map((run) => {
      const font = run.font === 'base' ? role : run.font;
      return { ...run, font, width: this.doc.font(font).fontSize(size).widthOfString(run.text) };
    });
    return { runs, width: runs.reduce((sum, run) => sum + run.width, 0) };
  }

  /** Text in a box from `x` (measured from the reading start) of `width`, at the current line. */
  text(
    text: string,
    x: number,
    width: number,
    options: { align?: Align; size?: number; role?: FontRole; color?: string } = {},
  ) {
    const size = options.size ?? 8.5;
    const role = options.role ?? 'base';
    let { runs, width: used } = this.measure(text, size, role);
    // Too long for its box: shortened with an ellipsis rather than run into the next column.
    while (used > width && text.length > 1) {
      text = `${text.slice(0, -2)}…`;
      ({ runs, width: used } = this.measure(text, size, role));
    }
    const boxLeft = this.rtl ? PAGE.width - PAGE.margin - x - width : PAGE.margin + x;
    const alignRight = (options.align === 'end') !== this.rtl;
    let cursor = alignRight ? boxLeft + width - used : boxLeft;
    this.doc.fillColor(options.color ?? '#111827');
    for (const run of runs) {
      // On one baseline: the scripts' fonts have ascents of their own, so their tops differ.
      this.doc
        .font(run.font)
        .fontSize(size)
        .text(run.text, cursor, this.y + size, { lineBreak: false, baseline: 'alphabetic' });
      cursor += run.width;
    }
  }

  rule(color = RULE) {
    this.doc
      .moveTo(PAGE.margin, this.y)
      .lineTo(PAGE.width - PAGE.margin, this.y)
      .lineWidth(0.5)
      .strokeColor(color)
      .stroke();
  }

  /** Room for `height` more points on this page, or a new page. */
  room(height: number) {
    if (this.y + height <= BOTTOM) return;
    this.doc.addPage();
    this.y = PAGE.margin;
  }

  row(cells: string[], columns: Column[], options: { role?: FontRole; color?: string; size?: number } = {}) {
    this.room(14);
    let x = 0;
    cells.forEach((cell, index) => {
      const column = columns[index]!;
      this.text(cell, x, column.width - 6, { align: column.align, ...options });
      x += column.width;
    });
    this.y += 13;
  }

  /** A titled table whose header row comes again at the top of every page it runs onto. */
  table(
    title: string,
    columns: Column[],
    header: string[],
    rows: Array<{ cells: string[]; role?: FontRole }>,
    empty?: string,
  ) {
    this.room(60);
    this.text(title, 0, CONTENT_WIDTH, { size: 12, role: 'bold' });
    this.y += 17;
    const head = () => this.row(header, columns, { color: GREY, size: 8 });
    head();
    for (const row of rows) {
      if (this.y + 14 > BOTTOM) {
        this.room(100);
        head();
      }
      this.row(row.cells, columns, row.role ? { role: row.role } : {});
    }
    if (rows.length === 0 && empty) {
      this.text(empty, 0, CONTENT_WIDTH, { color: GREY });
      this.y += 13;
    }
    this.y += 12;
  }
}

/** Widths as fractions of the content width. */
const columnsOf = (spec: Array<[number, Align]>): Column[] =>
  spec.map(([share, align]) => ({ width: share * CONTENT_WIDTH, align }));

/** PDFKit (with its font engine) loads when the first statement is asked for, not at every start. */
let pdfKit: Promise<{ default: typeof PDFDocument }> | undefined;

export async function statementPdf(
  statement: Statement,
  lang: Language,
  generatedAtMs: number,
): Promise<PDFKit.PDFDocument> {
  const { default: Document } = await (pdfKit ??= import('pdfkit'));
  const t = (key: string, params: Record<string, string | number> = {}) =>
    translate(lang, `statement.${key}`, params);
  const doc = new Document({
    size: 'A4',
    margin: PAGE.margin,
    info: { Title: t('title'), Producer: 'Statement', Creator: 'Statement' },
    lang: lang === 'hk' ? 'zh-HK' : lang,
  });
  for (const [role, bytes] of Object.entries(fontsFor(lang))) doc.registerFont(role, bytes);
  const w = new Writer(doc, isRightToLeft(lang));
  const at = (ms: number) => localDateTime(ms, statement.tz);
  const lastDay = new Date(Date.parse(`${statement.to}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

  w.text(t('title'), 0, CONTENT_WIDTH, { size: 18, role: 'bold' });
  w.y += 26;
  w.text(t(`account.${statement.account}`, { uid: statement.uid }), 0, CONTENT_WIDTH, { size: 10 });
  w.y += 15;
  w.text(t('period', { from: statement.from, to: lastDay, tz: statement.tz }), 0, CONTENT_WIDTH, {
    size: 10,
  });
  w.y += 15;
  w.text(t('currency_note'), 0, CONTENT_WIDTH, { size: 8.5, color: GREY });
  w.y += 20;

  const { totals } = statement;
  const summary = columnsOf([
    [0.6, 'start'],
    [0.4, 'end'],
  ]);
  w.text(t('section.summary'), 0, CONTENT_WIDTH, { size: 12, role: 'bold' });
  w.y += 17;
  w.rule();
  w.y += 5;
  const figure = (key: string, value: string, role: FontRole = 'base') =>
    w.row([t(`total.${key}`), value], summary, { role, size: 10 });
  figure('opening', totals.opening, 'bold');
  for (const key of ['trading_pnl', 'fees', 'deposits', 'withdrawals', 'adjustments', 'other'] as const)
    figure(key, totals[key]);
  w.rule();
  w.y += 5;
  figure('closing', totals.closing, 'bold');
  w.y += 12;

  const trades = columnsOf([
    [0.17, 'start'],
    [0.13, 'start'],
    [0.07, 'start'],
    [0.08, 'end'],
    [0.13, 'end'],
    [0.13, 'end'],
    [0.13, 'end'],
    [0.16, 'end'],
  ]);
  w.table(
    t('section.trades', { count: statement.trades.length }),
    trades,
    ['closed_at', 'instrument', 'side', 'lots', 'open_price', 'close_price', 'fee', 'profit'].map((key) =>
      t(`column.${key}`),
    ),
    statement.trades.map((trade) => ({
      cells: [
        at(trade.closed_at),
        trade.instrument,
        t(`side.${trade.side}`),
        trade.lots,
        trade.open_price,
        trade.close_price,
        trade.fee,
        trade.profit,
      ],
    })),
    t('none'),
  );

  const ledger = columnsOf([
    [0.2, 'start'],
    [0.44, 'start'],
    [0.18, 'end'],
    [0.18, 'end'],
  ]);
  w.table(
    t('section.ledger', { count: statement.rows.length }),
    ledger,
    ['when', 'description', 'amount', 'balance'].map((key) => t(`column.${key}`)),
    [
      { cells: [at(statement.from_ms), t('row.opening'), '', totals.opening], role: 'bold' },
      ...statement.rows.map((row) => ({ cells: [at(row.at), row.memo, row.amount, row.balance_after] })),
      { cells: [at(statement.to_ms), t('row.closing'), totals.net_change, totals.closing], role: 'bold' },
    ],
  );
  w.y += 4;
  w.room(20);
  w.text(t('generated', { at: `${localDateTime(generatedAtMs, 'UTC')} UTC` }), 0, CONTENT_WIDTH, {
    size: 7.5,
    color: GREY,
  });
  doc.end();
  return doc;
}

/** The whole document in memory, for an e-mail attachment. */
export async function statementPdfBytes(
  statement: Statement,
  lang: Language,
  generatedAtMs: number,
): Promise<Buffer> {
  const doc = await statementPdf(statement, lang, generatedAtMs);
  const chunks: Buffer[] = [];
  for await (const chunk of doc as unknown as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}
