import type { Kysely } from 'kysely';

/**
 * Traders may turn on a second factor (an authenticator app, TOTP): then a password opens no
 * session until a code, or one of ten single-use recovery codes, passes, and a withdrawal needs a
 * current code. Kept in tables of their own rather than columns of `users` and `sessions`, so a
 * session stays what it was: a password login with a second factor first gets a short-lived
 * challenge, and only the passed challenge opens a session.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_second_factors')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id'))
    // Base32; set when enrolment starts, trusted once enrolled_at is set.
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('enrolled_at', 'bigint')
    // The time step of the last accepted code, so one code never passes twice.
    .addColumn('last_step', 'bigint')
    .execute();
  await db.schema
    .createTable('user_recovery_codes')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addPrimaryKeyConstraint('user_recovery_codes_pk', ['user_id', 'code_hash'])
    .execute();
  await db.schema
    .createTable('user_login_challenges')
    // SHA-256 of the challenge token, as session tokens are kept.
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('passed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('user_login_challenges_by_user')
    .on('user_login_challenges')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_login_challenges').execute();
  await db.schema.dropTable('user_recovery_codes').execute();
  await db.schema.dropTable('user_second_factors').execute();
}
