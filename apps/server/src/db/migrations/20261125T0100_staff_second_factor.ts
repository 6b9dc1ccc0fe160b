import { sql, type Kysely } from 'kysely';

/**
 * Staff sign in with a password and then an authenticator code (TOTP). A staff member holds a
 * secret once enrolled and ten single-use recovery codes; a session counts only once its second
 * factor is verified, and it lapses after a spell without use as well as at its hard expiry.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('staff').addColumn('totp_secret', 'text').execute();
  await db.schema.alterTable('staff').addColumn('totp_enrolled_at', 'bigint').execute();
  // The time step of the last accepted code, so one code never opens two sessions.
  await db.schema.alterTable('staff').addColumn('totp_last_step', 'bigint').execute();
  await db.schema.alterTable('staff_sessions').addColumn('verified_at', 'bigint').execute();
  await db.schema.alterTable('staff_sessions').addColumn('last_seen_at', 'bigint').execute();
  await db.schema
    .alterTable('staff_sessions')
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(sql`''`))
    .execute();
  await db.schema
    .alterTable('staff_sessions')
    .addColumn('user_agent', 'varchar(256)', (c) => c.notNull().defaultTo(sql`''`))
    .execute();
  // Sessions opened before this step had no second factor: they end here.
  await sql`update staff_sessions set revoked_at = created_at where revoked_at is null`.execute(db);
  await db.schema
    .createTable('staff_recovery_codes')
    .addColumn('staff_id', 'bigint', (c) => c.notNull().references('staff.id'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addPrimaryKeyConstraint('staff_recovery_codes_pk', ['staff_id', 'code_hash'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('staff_recovery_codes').execute();
  for (const column of ['user_agent', 'ip', 'last_seen_at', 'verified_at'])
    await db.schema.alterTable('staff_sessions').dropColumn(column).execute();
  for (const column of ['totp_last_step', 'totp_enrolled_at', 'totp_secret'])
    await db.schema.alterTable('staff').dropColumn(column).execute();
}
