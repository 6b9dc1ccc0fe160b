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

  /**
   * Counts the user's attempts since `sinceMs` and, below `max`, records one more at `atMs`;
   * answers its id, or undefined when the user has used up the cap. The user's older attempts go
   * first. The caller holds the user's lock, so two attempts cannot both take the last place.
   */
  async chargeAttempt(
    userId: number,
    sinceMs: number,
    atMs: number,
    max: number,
  ): Promise<number | undefined> {
    await this.db
      .deleteFrom('upload_attempts')
      .where('user_id', '=', userId)
      .where('at', '<', sinceMs)
      .execute();
    const row = await this.db
      .selectFrom('upload_attempts')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .where('at', '>=', sinceMs)
      .executeTakeFirstOrThrow();
    if (toInt(row.n as number | bigint | string) >= max) return undefined;
    const inserted = await this.db
      .insertInto('upload_attempts')
      .values({ user_id: userId, at: atMs })
      .returning('id')
      .executeTakeFirstOrThrow();
    return toInt(inserted.id);
  }

  /** Gives an attempt back: the server refused it for its own reasons (busy), not the user's. */
  async withdrawAttempt(id: number): Promise<void> {
    await this.db.deleteFrom('upload_attempts').where('id', '=', id).execute();
  }

  /**
   * Uploads made before `beforeMs` that nothing refers to (no identity submission, no deposit), the
   * oldest first: a user who uploaded and never submitted leaves them behind.
   */
  async unattachedBefore(beforeMs: number, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('uploads as u')
      .select('u.name')
      .where('u.created_at', '<', beforeMs)
      .where(({ not, exists, selectFrom, or, eb }) =>
        not(
          or([
            exists(
              selectFrom('identity_submissions as s')
                .select('s.id')
                .where('s.front_pic', '=', eb.ref('u.name')),
            ),
            exists(
              selectFrom('identity_submissions as s')
                .select('s.id')
                .where('s.reverse_pic', '=', eb.ref('u.name')),
            ),
            exists(selectFrom('deposits as d').select('d.id').where('d.proof_pic', '=', eb.ref('u.name'))),
          ]),
        ),
      )
      .orderBy('u.created_at')
      .limit(limit)
      .execute();
    return rows.map((row) => row.name);
  }

  async deleteByName(name: string): Promise<void> {
    await this.db.deleteFrom('uploads').where('name', '=', name).execute();
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
