import type { Kysely } from 'kysely';

/**
 * An idempotency key remembers the request it was first used for (a hash of method, operation and
 * canonical body), so the same key with a different request is refused instead of answered with
 * the first request's reply. Rows written before this have no fingerprint and are matched on their
 * operation alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').addColumn('fingerprint', 'varchar(64)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').dropColumn('fingerprint').execute();
}
