/** Uploaded files: their random name, owner, sniffed type and size. The bytes live in FileStorage. */
import type { FileUse } from '@omp/protocol';
import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import { isPostgres } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';
import { toInt } from '../db/values.ts';

export interface UploadRecord {
  name: string;
  ownerUserId: number | null;
  mime: string;
  size: number;
  createdAt: number;
  /** SHA-256 (hex) of the stored bytes; null for uploads made before digests were kept. */
  sha256?: string | null;
  /** SHA-256 (hex) of the bytes the user sent; null likewise. */
  originalSha256?: string | null;
}

/** The upload's digests, sent bytes' and stored bytes', once each; none for an upload made before them. */
export function imageDigestsOf(upload: UploadRecord): string[] {
  return [...new Set([upload.sha256, upload.originalSha256].filter((digest): digest is string => !!digest))];
}

/**
 * An upload named by a record being written no longer exists: housekeeping deleted it (unattached
 * for a day) after the caller checked it. The caller refuses as for an unknown upload.
 */
export class UploadGoneError extends Error {
  readonly names: readonly string[];

  constructor(names: readonly string[]) {
    super(`upload gone: ${names.join(', ')}`);
    this.names = names;
  }
}

/**
 * Within the transaction that writes a record naming these uploads: throws UploadGoneError unless
 * every one still exists, and on PostgreSQL holds them (FOR SHARE) until the transaction ends, so
 * housekeeping's deletion (deleteIfUnattached, FOR UPDATE) waits and then sees the record. On
 * SQLite transactions run one at a time, which gives the same.
 */
export async function holdUploads(trx: Transaction<Database>, names: readonly string[]): Promise<void> {
  const wanted = [...new Set(names.filter((name) => name !== ''))];
  if (wanted.length === 0) return;
  // In name order, as the deletion takes them: neither can hold one while waiting for the other's.
  let query = trx.selectFrom('uploads').select('name').where('name', 'in', wanted).orderBy('name');
  if (isPostgres(trx as unknown as Kysely<unknown>)) query = query.forShare();
  const found = new Set((await query.execute()).map((row) => row.name));
  const gone = wanted.filter((name) => !found.has(name));
  if (gone.length > 0) throw new UploadGoneError(gone);
}

/** No identity submission and no deposit names the upload `u`. */
function unreferenced({
  not,
  exists,
  selectFrom,
  or,
  eb,
}: ExpressionBuilder<Database & { u: Database['uploads'] }, 'u'>) {
  return not(
    or([
      exists(
        selectFrom('identity_submissions as s').select('s.id').where('s.front_pic', '=', eb.ref('u.name')),
      ),
      exists(
        selectFrom('identity_submissions as s').select('s.id').where('s.reverse_pic', '=', eb.ref('u.name')),
      ),
      exists(selectFrom('deposits as d').select('d.id').where('d.proof_pic', '=', eb.ref('u.name'))),
    ]),
  );
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
        sha256: upload.sha256 ?? null,
        original_sha256: upload.originalSha256 ?? null,
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
    if ((await this.attemptsSince(userId, sinceMs)) >= max) return undefined;
    const inserted = await this.db
      .insertInto('upload_attempts')
      .values({ user_id: userId, at: atMs })
      .returning('id')
      .executeTakeFirstOrThrow();
    return toInt(inserted.id);
  }

  /** The user's attempts since `sinceMs`: a look at the hourly cap before an upload's body is read. */
  async attemptsSince(userId: number, sinceMs: number): Promise<number> {
    const row = await this.db
      .selectFrom('upload_attempts')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .where('at', '>=', sinceMs)
      .executeTakeFirstOrThrow();
    return toInt(row.n as number | bigint | string);
  }

  /** Gives an attempt back: the server refused it for its own reasons (busy), not the user's. */
  async withdrawAttempt(id: number): Promise<void> {
    await this.db.deleteFrom('upload_attempts').where('id', '=', id).execute();
  }

  /** What the upload is attached to: identity submissions, deposits (none when nothing yet). */
  async usesOf(name: string): Promise<FileUse[]> {
    const identity = await this.db
      .selectFrom('identity_submissions')
      .select('id')
      .where((eb) => eb.or([eb('front_pic', '=', name), eb('reverse_pic', '=', name)]))
      .limit(1)
      .executeTakeFirst();
    const deposit = await this.db
      .selectFrom('deposits')
      .select('id')
      .where('proof_pic', '=', name)
      .limit(1)
      .executeTakeFirst();
    return [...(identity ? ['identity' as const] : []), ...(deposit ? ['deposit_proof' as const] : [])];
  }

  /**
   * Uploads made before `beforeMs` that nothing refers to (no identity submission, no deposit), the
   * oldest first: a user who uploaded and never submitted leaves them behind. Candidates only: a
   * record may name one the moment after; deleteIfUnattached decides.
   */
  async unattachedBefore(beforeMs: number, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('uploads as u')
      .select('u.name')
      .where('u.created_at', '<', beforeMs)
      .where(unreferenced)
      .orderBy('u.created_at')
      .limit(limit)
      .execute();
    return rows.map((row) => row.name);
  }

  /**
   * Deletes the rows of `names` that nothing refers to now, and answers the names it deleted: only
   * their bytes may go. One transaction: on PostgreSQL it first takes the rows FOR UPDATE, so a
   * record being written with one of them (holdUploads) is waited for, and the DELETE, a statement
   * of its own, sees it; on SQLite no other transaction runs in between.
   */
  async deleteIfUnattached(names: readonly string[]): Promise<string[]> {
    if (names.length === 0) return [];
    return this.db.transaction().execute(async (trx) => {
      if (isPostgres(trx as unknown as Kysely<unknown>))
        await trx
          .selectFrom('uploads')
          .select('name')
          .where('name', 'in', names)
          .orderBy('name')
          .forUpdate()
          .execute();
      const deleted = await trx
        .deleteFrom('uploads as u')
        .where('u.name', 'in', names)
        .where(unreferenced)
        .returning('name')
        .execute();
      return deleted.map((row) => row.name);
    });
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
      sha256: row.sha256,
      originalSha256: row.original_sha256,
    };
  }
}
