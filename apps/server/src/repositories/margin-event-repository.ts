/**
 * Storage of what explains a stop-out or a margin call: the event itself, the positions a
 * stop-out closed in their order, and the account snapshots (its figures over time).
 *
 * `insertMarginEvents` runs inside the transaction that persists the outcomes (trading-repository
 * `persist`), so an event is stored exactly when the closes and ledger rows that make it are. The
 * ids the database gives the events are kept beside the engine's event objects
 * (`storedMarginEventId`), so the socket message sent after the commit can name its report.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import { divRound, type Outcome, type RiskFigures, type TradeEvent } from '@omp/engine';
import type { Database, MarginEventTable } from '../db/schema.ts';
import { toBigInt, toInt } from '../db/values.ts';
import { ROWS_PER_STATEMENT, writeRows, type RowsStatement } from './bulk-rows.ts';

export type SnapshotReason = 'periodic' | 'margin_call' | 'stop_out';

export interface AccountSnapshot {
  userId: number;
  atMs: number;
  balanceMicros: bigint;
  equityMicros: bigint;
  usedMarginMicros: bigint;
  /** Hundredths of a percent; null while no margin is in use. */
  marginLevelBasisPoints: bigint | null;
  reason: SnapshotReason;
}

export interface MarginEventRecord {
  id: number;
  userId: number;
  kind: 'stop_out' | 'margin_call';
  atMs: number;
  marginCallLevel: number;
  stopOutLevel: number;
  before: RiskFigures;
  after: RiskFigures;
  protectionMicros: bigint;
  /** Closed order ids in the order the stop-out closed them; empty for a margin call. */
  closedOrderIds: number[];
}

type MarginEvent = Extract<TradeEvent, { type: 'margin_call' | 'stop_out' }>;

const storedIds = new WeakMap<TradeEvent, number>();

/** The id a committed stop-out or margin-call event was stored under. */
export function storedMarginEventId(event: TradeEvent): number | undefined {
  return storedIds.get(event);
}

export const marginLevelOf = (equityMicros: bigint, usedMarginMicros: bigint): bigint | null =>
  usedMarginMicros > 0n ? divRound(equityMicros * 10_000n, usedMarginMicros) : null;

const CHUNK = 400;

const MARGIN_EVENT_COLUMNS = [
  'user_id',
  'kind',
  'at',
  'margin_call_level',
  'stop_out_level',
  'balance_before',
  'equity_before',
  'used_margin_before',
  'balance_after',
  'equity_after',
  'used_margin_after',
  'protection',
] as const;

const INSERT_MARGIN_EVENTS: RowsStatement<(typeof MARGIN_EVENT_COLUMNS)[number]> = {
  table: 'margin_events',
  columns: MARGIN_EVENT_COLUMNS,
  returning: ['id'],
};

const INSERT_EVENT_CLOSES: RowsStatement<'event_id' | 'position' | 'order_id'> = {
  table: 'margin_event_closes',
  columns: ['event_id', 'position', 'order_id'],
};

/** The events of an outcome that are recorded: stop-outs and margin calls. */
const isMarginEvent = (event: TradeEvent): event is MarginEvent =>
  event.type === 'stop_out' || event.type === 'margin_call';

/** Whether the outcomes hold a stop-out or a margin call to record. */
export function hasMarginEvents(outcomes: readonly Outcome[]): boolean {
  return outcomes.some((outcome) => outcome.events.some(isMarginEvent));
}

/**
 * Stores every stop-out and margin call of the batch's outcomes, each with a snapshot of the
 * account at that moment (the figures before the first close for a stop-out: the level that
 * triggered it). A cascade of stop-outs is a few multi-row statements: the events first, whose ids
 * the database assigns in the order of the rows of one statement, so the returned ids sorted
 * ascending are the events in order (RETURNING itself promises no order on SQLite); then the
 * closes and snapshots that name them.
 */
export async function insertMarginEvents(
  trx: Transaction<Database>,
  items: ReadonlyArray<{ outcomes: readonly Outcome[]; atMs: number }>,
): Promise<void> {
  const events: Array<{ event: MarginEvent; accountId: number; at: number; before: RiskFigures }> = [];
  const rows = [];
  for (const { outcomes, atMs } of items)
    for (const outcome of outcomes)
      for (const event of outcome.events) {
        if (!isMarginEvent(event)) continue;
        const at = eventTime(outcome, atMs);
        const { before, after } = figuresOf(event, outcome.balanceMicros);
        events.push({ event, accountId: outcome.accountId, at, before });
        rows.push({
          user_id: outcome.accountId,
          kind: event.type,
          at,
          margin_call_level: event.levels.marginCallLevel,
          stop_out_level: event.levels.stopOutLevel,
          balance_before: before.balanceMicros,
          equity_before: before.equityMicros,
          used_margin_before: before.usedMarginMicros,
          balance_after: after.balanceMicros,
          equity_after: after.equityMicros,
          used_margin_after: after.usedMarginMicros,
          protection: event.type === 'stop_out' ? event.protectionMicros : 0n,
        });
      }
  if (events.length === 0) return;
  const ids: number[] = [];
  // Sorted per statement: each statement's ids follow its rows, and later statements get higher ids.
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const returned = await writeRows<string, { id: unknown }>(
      trx,
      INSERT_MARGIN_EVENTS,
      rows.slice(start, start + ROWS_PER_STATEMENT),
    );
    ids.push(...returned.map((row) => toInt(row.id as number)).sort((x, y) => x - y));
  }
  const closes = [];
  for (const [index, { event }] of events.entries()) {
    const id = ids[index]!;
    storedIds.set(event, id);
    if (event.type === 'stop_out')
      for (const [position, orderId] of event.closedOrderIds.entries())
        closes.push({ event_id: id, position: position + 1, order_id: orderId });
  }
  await writeRows(trx, INSERT_EVENT_CLOSES, closes);
  await insertSnapshots(
    trx,
    events.map(({ event, accountId, at, before }) => ({
      userId: accountId,
      atMs: at,
      ...snapshotFigures(before),
      reason: event.type,
    })),
  );
}

/** The time of the decision: its postings carry it; a margin call alone has none, so the batch's. */
function eventTime(outcome: Outcome, atMs: number): number {
  return outcome.postings.at(-1)?.atMs ?? outcome.orders.at(-1)?.closedAtMs ?? atMs;
}

function figuresOf(event: MarginEvent, balanceMicros: bigint): { before: RiskFigures; after: RiskFigures } {
  if (event.type === 'stop_out') return { before: event.before, after: event.after };
  // A margin call is one moment: the figures it was sent at, the balance the decision left.
  const figures = {
    balanceMicros,
    equityMicros: event.equityMicros,
    usedMarginMicros: event.usedMarginMicros,
  };
  return { before: figures, after: figures };
}

const snapshotFigures = (figures: RiskFigures) => ({
  ...figures,
  marginLevelBasisPoints: marginLevelOf(figures.equityMicros, figures.usedMarginMicros),
});

export async function insertSnapshots(
  db: Kysely<Database> | Transaction<Database>,
  snapshots: readonly AccountSnapshot[],
): Promise<void> {
  for (let i = 0; i < snapshots.length; i += CHUNK)
    await db
      .insertInto('account_snapshots')
      .values(
        snapshots.slice(i, i + CHUNK).map((snapshot) => ({
          user_id: snapshot.userId,
          at: snapshot.atMs,
          balance: snapshot.balanceMicros,
          equity: snapshot.equityMicros,
          used_margin: snapshot.usedMarginMicros,
          margin_level: snapshot.marginLevelBasisPoints,
          reason: snapshot.reason,
        })),
      )
      .execute();
}

export class MarginEventRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  insertSnapshots(snapshots: readonly AccountSnapshot[]): Promise<void> {
    return this.db.transaction().execute((trx) => insertSnapshots(trx, snapshots));
  }

  /** Deletes snapshots older than `beforeMs`; answers how many. */
  async pruneSnapshots(beforeMs: number): Promise<number> {
    const result = await this.db
      .deleteFrom('account_snapshots')
      .where('at', '<', beforeMs)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** The user's event by its id; another user's is not found. */
  async eventById(userId: number, id: number): Promise<MarginEventRecord | undefined> {
    const row = await this.db
      .selectFrom('margin_events')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row && this.withCloses(row);
  }

  /** The user's stop-out that closed this order. */
  async eventClosing(userId: number, orderId: number): Promise<MarginEventRecord | undefined> {
    const row = await this.db
      .selectFrom('margin_events')
      .innerJoin('margin_event_closes', 'margin_event_closes.event_id', 'margin_events.id')
      .selectAll('margin_events')
      .where('margin_event_closes.order_id', '=', orderId)
      .where('margin_events.user_id', '=', userId)
      .executeTakeFirst();
    return row && this.withCloses(row);
  }

  async snapshots(userId: number, fromMs: number, toMs: number): Promise<AccountSnapshot[]> {
    const rows = await this.db
      .selectFrom('account_snapshots')
      .selectAll()
      .where('user_id', '=', userId)
      .where('at', '>=', fromMs)
      .where('at', '<=', toMs)
      .orderBy('at')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      userId: toInt(row.user_id),
      atMs: toInt(row.at),
      balanceMicros: toBigInt(row.balance),
      equityMicros: toBigInt(row.equity),
      usedMarginMicros: toBigInt(row.used_margin),
      marginLevelBasisPoints: row.margin_level === null ? null : toBigInt(row.margin_level),
      reason: row.reason as SnapshotReason,
    }));
  }

  private async withCloses(row: Selectable<MarginEventTable>): Promise<MarginEventRecord> {
    const id = toInt(row.id);
    const closes = await this.db
      .selectFrom('margin_event_closes')
      .select('order_id')
      .where('event_id', '=', id)
      .orderBy('position')
      .execute();
    return {
      id,
      userId: toInt(row.user_id),
      kind: row.kind === 'margin_call' ? 'margin_call' : 'stop_out',
      atMs: toInt(row.at),
      marginCallLevel: toInt(row.margin_call_level),
      stopOutLevel: toInt(row.stop_out_level),
      before: {
        balanceMicros: toBigInt(row.balance_before),
        equityMicros: toBigInt(row.equity_before),
        usedMarginMicros: toBigInt(row.used_margin_before),
      },
      after: {
        balanceMicros: toBigInt(row.balance_after),
        equityMicros: toBigInt(row.equity_after),
        usedMarginMicros: toBigInt(row.used_margin_after),
      },
      protectionMicros: toBigInt(row.protection),
      closedOrderIds: closes.map((close) => toInt(close.order_id)),
    };
  }
}
