/** Uploaded files: their random name, owner, sniffed type and size. The bytes live in FileStorage. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { toInt } from '../db/values.ts';

export interface UploadRecord {
  name: string;
  ownerUserId: number | null;
  mime: string;
  size: number;
  createdAt: number;
}

export class UploadRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async insert(upload: UploadRecord): Promise<void> {
    await this.db
      .insertInto('uploads')
      .values({
        name: upload.name,
        owner_user_id: upload.ownerUserId,
        mime: upload.mime,
        size: upload.size,
        created_at: upload.createdAt,
      })
      .execute();
  }

  /** How many uploads a user made at or after `sinceMs`. */
  async countSince(ownerUserId: number, sinceMs: number): Promise<number> {
    const row = await this.db
      .selectFrom('uploads')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('owner_user_id', '=', ownerUserId)
      .where('created_at', '>=', sinceMs)
      .executeTakeFirstOrThrow();
    return toInt(row.n as number | bigint | string);
  }

  async byName(name: string): Promise<UploadRecord | undefined> {
    const row = await this.db.selectFrom('uploads').selectAll().where('name', '=', name).executeTakeFirst();
    if (!row) return undefined;
    return {
      name: row.name,
      ownerUserId: row.owner_user_id === null ? null : toInt(row.owner_user_id),
      mime: row.mime,
      size: toInt(row.size),
      createdAt: toInt(row.created_at),
    };
  }
}
