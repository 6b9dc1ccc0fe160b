/** Storage of each user's language and time zone (user_locales, docs/decisions/0018). */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { toInt } from '../db/values.ts';
import { readInLists } from './id-lists.ts';

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

  /** The stored languages of many users, a query per IDS_PER_LIST; a user without one is absent. */
  async languagesOf(userIds: readonly number[]): Promise<Map<number, string>> {
    const rows = await readInLists(userIds, (list) =>
      this.db
        .selectFrom('user_locales')
        .select(['user_id', 'language'])
        .where('user_id', 'in', list)
        .execute(),
    );
    return new Map(rows.map((row) => [toInt(row.user_id), row.language]));
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
