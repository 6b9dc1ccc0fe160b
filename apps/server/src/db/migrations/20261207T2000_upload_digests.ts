import type { Kysely } from 'kysely';

/**
 * The SHA-256 of what each upload stored (the re-encoded image) and of the bytes the user sent: a
 * deposit whose proof has the content of another live deposit's proof is refused, whatever the file
 * was called and whoever sent it (services/deposit-desk.ts). Each is indexed, as every deposit looks
 * its proof's digests up. Uploads made before this migration have none and match nothing.
 */
const DIGESTS = [
  ['sha256', 'uploads_by_sha256'],
  ['original_sha256', 'uploads_by_original_sha256'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [column, index] of DIGESTS) {
    await db.schema.alterTable('uploads').addColumn(column, 'text').execute();
    await db.schema.createIndex(index).on('uploads').column(column).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [column, index] of DIGESTS) {
    await db.schema.dropIndex(index).execute();
    await db.schema.alterTable('uploads').dropColumn(column).execute();
  }
}
