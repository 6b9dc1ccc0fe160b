import type { Kysely } from 'kysely';

/**
 * Monthly statements by e-mail: who asked for them (with the language and time zone of the month
 * they mean), and one row per user and month sent. The primary key of the second is what makes a
 * month's statement go once, whichever node runs the job and however often it restarts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('statement_subscriptions')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id'))
    .addColumn('lang', 'varchar(8)', (c) => c.notNull())
    .addColumn('time_zone', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('statement_mailings')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    // The statement's month in the subscriber's time zone, YYYY-MM.
    .addColumn('month', 'varchar(7)', (c) => c.notNull())
    .addColumn('claimed_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .addPrimaryKeyConstraint('statement_mailings_pk', ['user_id', 'month'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('statement_mailings').execute();
  await db.schema.dropTable('statement_subscriptions').execute();
}
