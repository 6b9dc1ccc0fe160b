import { sql, type Kysely } from 'kysely';
import { autoIdType } from '../dialect.ts';

/**
 * Deposits in other currencies than USD (engine SPEC.md W5): staff set a rate per currency, units
 * of it per 1 USD as withdrawals' `usd_price`; each deposit keeps what the user said they sent
 * (micro-units of its channel's currency), the rate it was sent at, and what staff confirmed
 * arrived. `amount` stays the micro-dollars credited. Earlier deposits were all taken 1:1, which is
 * what they are given. A currency already paid out at a rate starts with that rate for deposits;
 * another currency other than USD gets none, so it takes no deposit until staff set one, rather
 * than being credited 1:1 again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('deposit_rates')
    .addColumn('id', autoIdType(db), (c) => c.primaryKey())
    .addColumn('currency_code', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('usd_price', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable('deposits')
    .addColumn('sent_amount', 'bigint', (c) => c.notNull().defaultTo(sql`0`))
    .execute();
  await db.schema.alterTable('deposits').addColumn('received_amount', 'bigint').execute();
  await db.schema
    .alterTable('deposits')
    .addColumn('usd_price', 'varchar(32)', (c) => c.notNull().defaultTo('1'))
    .execute();
  await sql`update deposits set sent_amount = amount`.execute(db);
  await sql`update deposits set received_amount = amount where status = 1`.execute(db);
  await sql`
    insert into deposit_rates (currency_code, usd_price)
    select code, usd_price from withdraw_currencies w
    where w.id = (select min(id) from withdraw_currencies x where x.code = w.code)
      and code <> 'USD'
      and (code in (select currency_code from charge_networks) or code in (select bank_coin from wire_banks))
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['usd_price', 'received_amount', 'sent_amount'])
    await db.schema.alterTable('deposits').dropColumn(column).execute();
  await db.schema.dropTable('deposit_rates').execute();
}
