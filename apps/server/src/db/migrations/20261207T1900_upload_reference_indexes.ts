import type { Kysely } from 'kysely';

/**
 * Housekeeping deletes the uploads nothing refers to (services/housekeeping.ts): for each old upload
 * it asks whether an identity submission or a deposit names it, which these keep a seek.
 */
const INDEXES = [
  ['identity_submissions_by_front_pic', 'identity_submissions', 'front_pic'],
  ['identity_submissions_by_reverse_pic', 'identity_submissions', 'reverse_pic'],
  ['deposits_by_proof_pic', 'deposits', 'proof_pic'],
  ['uploads_by_created_at', 'uploads', 'created_at'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, column] of INDEXES)
    await db.schema.createIndex(name).on(table).column(column).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
}
