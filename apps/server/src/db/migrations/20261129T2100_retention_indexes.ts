import type { Kysely } from 'kysely';

/**
 * An index on the column that dates each kind of short-lived record (stored idempotency replies,
 * the message log, failed sign-ins, verification codes, sign-in challenges), so the housekeeping
 * round (services/housekeeping.ts) finds the expired ones without reading whole tables.
 */
const INDEXES = [
  ['idempotency_keys_created', 'idempotency_keys', 'created_at'],
  ['outbox_created', 'outbox', 'created_at'],
  ['login_failures_at', 'login_failures', 'at'],
  ['codes_created', 'verification_codes', 'created_at'],
  ['login_challenges_expires', 'user_login_challenges', 'expires_at'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, column] of INDEXES)
    await db.schema.createIndex(name).on(table).column(column).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
}
