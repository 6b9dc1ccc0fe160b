/** Identity submissions and their review. Works on a Kysely handle or inside a transaction. */
import type { Kysely, Selectable } from 'kysely';
import { IdentityStatus } from '@omp/protocol';
import type { Database, IdentitySubmissionTable } from '../db/schema.ts';
import { toInt } from '../db/values.ts';
import { holdUploads } from './upload-repository.ts';

export interface IdentityRecord {
  id: number;
  userId: number;
  name: string;
  cardType: string;
  cardId: string;
  /** Upload names. */
  frontPic: string;
  reversePic: string;
  status: IdentityStatus;
  remark: string | null;
  reviewedBy: number | null;
  reviewedAt: number | null;
  createdAt: number;
}

/** A submission with who sent it, for the back office. */
export interface IdentityListing extends IdentityRecord {
  uid: number;
  account: string;
}

export type NewIdentity = Omit<IdentityRecord, 'id' | 'status' | 'remark' | 'reviewedBy' | 'reviewedAt'>;

export interface IdentityFilter {
  status?: number | undefined;
  userId?: number | undefined;
  /** Submitted from (inclusive) and before (exclusive), ms. */
  fromMs?: number | undefined;
  toMs?: number | undefined;
}

export class IdentityRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async byId(id: number): Promise<IdentityRecord | undefined> {
    const row = await this.db
      .selectFrom('identity_submissions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toRecord(row);
  }

  /** The user's newest submission: it alone decides their review state. */
  async latestOf(userId: number): Promise<IdentityRecord | undefined> {
    const row = await this.db
      .selectFrom('identity_submissions')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row && toRecord(row);
  }

  async hasStatus(userId: number, status: IdentityStatus): Promise<boolean> {
    const row = await this.db
      .selectFrom('identity_submissions')
      .select('id')
      .where('user_id', '=', userId)
      .where('status', '=', status)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Inserts a waiting submission. Fails with a unique violation when one is open already. */
  async insertWaiting(submission: NewIdentity): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      // The photos may have been deleted as unattached since they were checked (UploadGoneError).
      await holdUploads(trx, [submission.frontPic, submission.reversePic]);
      const inserted = await trx
        .insertInto('identity_submissions')
        .values({
          user_id: submission.userId,
          name: submission.name,
          card_type: submission.cardType,
          card_id: submission.cardId,
          front_pic: submission.frontPic,
          reverse_pic: submission.reversePic,
          status: IdentityStatus.waiting,
          created_at: submission.createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return toInt(inserted.id);
    });
  }

  /**
   * Moves a submission from `from` to its decision, only if it is still in `from`. Returns whether
   * this call made the change: of two staff deciding at the same moment, exactly one gets true,
   * because the second UPDATE finds the status already changed (on PostgreSQL it waits for the
   * first to commit and then re-checks the condition).
   */
  async decide(
    id: number,
    from: IdentityStatus,
    decision: { status: IdentityStatus; remark: string | null; reviewedBy: number; reviewedAt: number },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('identity_submissions')
      .set({
        status: decision.status,
        remark: decision.remark,
        reviewed_by: decision.reviewedBy,
        reviewed_at: decision.reviewedAt,
      })
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** One page, newest first, with the user's public number and address. */
  async list(
    filter: IdentityFilter,
    page: number,
    pageSize: number,
  ): Promise<{ list: IdentityListing[]; total: number }> {
    let query = this.db
      .selectFrom('identity_submissions')
      .innerJoin('users', 'users.id', 'identity_submissions.user_id');
    if (filter.status !== undefined) query = query.where('identity_submissions.status', '=', filter.status);
    if (filter.userId !== undefined) query = query.where('identity_submissions.user_id', '=', filter.userId);
    if (filter.fromMs !== undefined)
      query = query.where('identity_submissions.created_at', '>=', filter.fromMs);
    if (filter.toMs !== undefined) query = query.where('identity_submissions.created_at', '<', filter.toMs);
    const [counted, rows] = await Promise.all([
      query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      query
        .selectAll('identity_submissions')
        .select(['users.uid', 'users.email', 'users.mobile'])
        .orderBy('identity_submissions.id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
    ]);
    return {
      total: toInt(counted.n as number | bigint | string),
      list: rows.map((row) => ({
        ...toRecord(row),
        uid: toInt(row.uid),
        account: row.email ?? row.mobile ?? '',
      })),
    };
  }

  async listingById(id: number): Promise<IdentityListing | undefined> {
    const row = await this.db
      .selectFrom('identity_submissions')
      .innerJoin('users', 'users.id', 'identity_submissions.user_id')
      .selectAll('identity_submissions')
      .select(['users.uid', 'users.email', 'users.mobile'])
      .where('identity_submissions.id', '=', id)
      .executeTakeFirst();
    return row && { ...toRecord(row), uid: toInt(row.uid), account: row.email ?? row.mobile ?? '' };
  }
}

function toRecord(row: Selectable<IdentitySubmissionTable>): IdentityRecord {
  return {
    id: toInt(row.id),
    userId: toInt(row.user_id),
    name: row.name,
    cardType: row.card_type,
    cardId: row.card_id,
    frontPic: row.front_pic,
    reversePic: row.reverse_pic,
    status: toInt(row.status) as IdentityStatus,
    remark: row.remark,
    reviewedBy: row.reviewed_by === null ? null : toInt(row.reviewed_by),
    reviewedAt: row.reviewed_at === null ? null : toInt(row.reviewed_at),
    createdAt: toInt(row.created_at),
  };
}
