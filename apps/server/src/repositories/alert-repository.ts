/**
 * Storage of price alerts (price_alerts). The one write that matters is `markFired`: a conditional
 * update that succeeds once per alert, and only for an alert not deleted, so whichever node or
 * restart gets there first fires it and every other attempt finds it taken.
 */
import type { Kysely } from 'kysely';
import type { AlertCondition } from '@omp/engine';
import type { Database } from '../db/schema.ts';
import { toInt } from '../db/values.ts';

export interface StoredAlert {
  id: number;
  userId: number;
  instrumentId: number;
  condition: AlertCondition;
  abovePoints: number;
  belowPoints: number;
  referencePoints: number;
  moveBasisPoints: number;
  pricePrecision: number;
  createdAtMs: number;
  firedAtMs: number | null;
  firedPoints: number | null;
}

export type NewAlert = Omit<StoredAlert, 'id' | 'firedAtMs' | 'firedPoints'>;

/** How many fired alerts a user's list still shows. */
const FIRED_SHOWN = 50;

export class AlertRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  private select() {
    return this.db
      .selectFrom('price_alerts')
      .select([
        'id',
        'user_id',
        'instrument_id',
        'condition',
        'above_points',
        'below_points',
        'reference_points',
        'move_basis_points',
        'price_precision',
        'created_at',
        'fired_at',
        'fired_points',
      ])
      .where('deleted_at', 'is', null);
  }

  async insert(alert: NewAlert): Promise<number> {
    const row = await this.db
      .insertInto('price_alerts')
      .values({
        user_id: alert.userId,
        instrument_id: alert.instrumentId,
        condition: alert.condition,
        above_points: alert.abovePoints,
        below_points: alert.belowPoints,
        reference_points: alert.referencePoints,
        move_basis_points: alert.moveBasisPoints,
        price_precision: alert.pricePrecision,
        created_at: alert.createdAtMs,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return toInt(row.id);
  }

  async countWaiting(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('price_alerts')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .where('fired_at', 'is', null)
      .executeTakeFirstOrThrow();
    return toInt(row.n as number);
  }

  /** Waiting alerts, newest first, then the most recently fired ones. */
  async listOf(userId: number): Promise<StoredAlert[]> {
    const waiting = await this.select()
      .where('user_id', '=', userId)
      .where('fired_at', 'is', null)
      .orderBy('id', 'desc')
      .execute();
    const fired = await this.select()
      .where('user_id', '=', userId)
      .where('fired_at', 'is not', null)
      .orderBy('fired_at', 'desc')
      .orderBy('id', 'desc')
      .limit(FIRED_SHOWN)
      .execute();
    return [...waiting, ...fired].map(alertOf);
  }

  /** An alert not deleted, whoever's it is (the alert runner's own read). */
  async find(id: number): Promise<StoredAlert | undefined> {
    const row = await this.select().where('id', '=', id).executeTakeFirst();
    return row && alertOf(row);
  }

  /** Every alert still waiting, for the book at start or on taking the book over. */
  async allWaiting(): Promise<StoredAlert[]> {
    return (await this.select().where('fired_at', 'is', null).orderBy('id').execute()).map(alertOf);
  }

  /** Answers whether this call deleted it (false: unknown, someone else's, or deleted already). */
  async delete(userId: number, id: number, nowMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable('price_alerts')
      .set({ deleted_at: nowMs })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Answers whether this call fired it: once per alert, never a deleted one. */
  async markFired(id: number, firedPoints: number, nowMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable('price_alerts')
      .set({ fired_at: nowMs, fired_points: firedPoints })
      .where('id', '=', id)
      .where('fired_at', 'is', null)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}

type AlertRow = {
  id: number | bigint | string;
  user_id: number | bigint | string;
  instrument_id: number | bigint | string;
  condition: string;
  above_points: number | bigint | string;
  below_points: number | bigint | string;
  reference_points: number | bigint | string;
  move_basis_points: number | bigint | string;
  price_precision: number | bigint | string;
  created_at: number | bigint | string;
  fired_at: number | bigint | string | null;
  fired_points: number | bigint | string | null;
};

const alertOf = (row: AlertRow): StoredAlert => ({
  id: toInt(row.id),
  userId: toInt(row.user_id),
  instrumentId: toInt(row.instrument_id),
  condition: row.condition as AlertCondition,
  abovePoints: toInt(row.above_points),
  belowPoints: toInt(row.below_points),
  referencePoints: toInt(row.reference_points),
  moveBasisPoints: toInt(row.move_basis_points),
  pricePrecision: toInt(row.price_precision),
  createdAtMs: toInt(row.created_at),
  firedAtMs: row.fired_at === null ? null : toInt(row.fired_at),
  firedPoints: row.fired_points === null ? null : toInt(row.fired_points),
});
