/** Reads and writes the preferences each user keeps on the server (user_preferences). */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { toInt } from '../db/values.ts';

export interface StoredPreference {
  /** The JSON text as saved. */
  value: string;
  updatedAt: number;
}

export class PreferencesRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async find(userId: number, name: string): Promise<StoredPreference | undefined> {
    const row = await this.db
      .selectFrom('user_preferences')
      .select(['value', 'updated_at'])
      .where('user_id', '=', userId)
      .where('name', '=', name)
      .executeTakeFirst();
    return row ? { value: row.value, updatedAt: toInt(row.updated_at) } : undefined;
  }

  /** Saves the value, replacing the one saved before: the last save wins. */
  async save(userId: number, name: string, value: string, nowMs: number): Promise<void> {
    await this.db
      .insertInto('user_preferences')
      .values({ user_id: userId, name, value, updated_at: nowMs })
      .onConflict((oc) => oc.columns(['user_id', 'name']).doUpdateSet({ value, updated_at: nowMs }))
      .execute();
  }
}
