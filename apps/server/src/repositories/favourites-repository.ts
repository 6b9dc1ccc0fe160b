/** Reads and writes the instruments each user starred (favourite_instruments). */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { toInt } from '../db/values.ts';

export class FavouritesRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /** The ids of the user's starred instruments, in the order they were starred. */
  async list(userId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('favourite_instruments')
      .select('instrument_id')
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('instrument_id')
      .execute();
    return rows.map((row) => toInt(row.instrument_id));
  }

  /** Stars an instrument; starring one already starred keeps its place. */
  async add(userId: number, instrumentId: number, nowMs: number): Promise<void> {
    await this.db
      .insertInto('favourite_instruments')
      .values({ user_id: userId, instrument_id: instrumentId, created_at: nowMs })
      .onConflict((oc) => oc.columns(['user_id', 'instrument_id']).doNothing())
      .execute();
  }

  async remove(userId: number, instrumentId: number): Promise<void> {
    await this.db
      .deleteFrom('favourite_instruments')
      .where('user_id', '=', userId)
      .where('instrument_id', '=', instrumentId)
      .execute();
  }
}
