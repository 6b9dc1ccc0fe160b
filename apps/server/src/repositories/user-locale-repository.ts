/** Storage of each user's language and time zone (user_locales, docs/decisions/0018). */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface StoredLocale {
  language: string;
  timeZone: string | null;
}

export class UserLocaleRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async of(userId: number): Promise<StoredLocale | undefined> {
    const row = await this.db
      .selectFrom('user_locales')
      .select(['language', 'time_zone'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row && { language: row.language, timeZone: row.time_zone };
  }

  /** Stores the locale; a zone left undefined keeps the stored one (the request named none). */
  async save(userId: number, language: string, timeZone: string | undefined, nowMs: number): Promise<void> {
    const zone = timeZone === undefined ? {} : { time_zone: timeZone };
    await this.db
      .insertInto('user_locales')
      .values({ user_id: userId, language, time_zone: timeZone ?? null, updated_at: nowMs })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ language, ...zone, updated_at: nowMs }))
      .execute();
  }
}
