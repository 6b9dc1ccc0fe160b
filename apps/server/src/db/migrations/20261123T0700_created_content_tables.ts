import { sql, type Kysely } from 'kysely';
import { autoIdType } from '../dialect.ts';

/**
 * Content and community: news articles with their texts per language, the broker companies of the
 * alternate main mode, and each user's choice to appear on the leaderboard (off until they opt in,
 * because the board shows their results to everyone).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const autoId = autoIdType(db);

  await db.schema
    .createTable('news')
    .addColumn('id', autoId, (c) => c.primaryKey())
    .addColumn('category_id', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('logo', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('news_newest').on('news').columns(['category_id', 'created_at']).execute();

  // `description` because `desc` is a reserved word in SQL; the wire keeps the field name `desc`.
  await db.schema
    .createTable('news_translations')
    .addColumn('news_id', 'bigint', (c) => c.notNull().references('news.id').onDelete('cascade'))
    .addColumn('lang', 'varchar(8)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('news_translations_pk', ['news_id', 'lang'])
    .execute();

  await db.schema
    .createTable('companies')
    .addColumn('id', autoId, (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('logo', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('url', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('subject', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('registered_address', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('location', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'varchar(254)', (c) => c.notNull().defaultTo(''))
    // 1 active, 2 suspended.
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('loss_url', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('show_on_leaderboard', 'integer', (c) => c.notNull().defaultTo(sql`0`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('show_on_leaderboard').execute();
  for (const table of ['companies', 'news_translations', 'news']) await db.schema.dropTable(table).execute();
}
