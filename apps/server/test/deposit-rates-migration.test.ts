/**
 * The migration that brought deposit rates, on a database that already holds deposits and
 * channels (engine SPEC.md W5): earlier deposits keep what they were (taken 1:1), a currency
 * already paid out at a rate starts with that rate for deposits, and another one gets none.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, migratorFor } from '../src/db/migrate.ts';
import { openScratchDatabase, type ScratchDatabase } from './helpers/scratch-database.ts';
import { databaseEngines } from './helpers/test-runtime.ts';

const BEFORE_RATES = '20261125T0500_audit_origin';

describe.each(databaseEngines())('deposit rates migration on %s', (engine) => {
  let scratch: ScratchDatabase | undefined;
  let db: Kysely<unknown>;

  beforeAll(async () => {
    scratch = await openScratchDatabase(engine, 'rates');
    db = scratch.handle.db as unknown as Kysely<unknown>;
  });
  afterAll(async () => {
    await scratch?.dispose();
  });

  it('keeps earlier deposits 1:1 and starts a currency paid out at a rate with that rate', async () => {
    const migrator = await migratorFor(db, scratch!.handle.kind);
    const { error } = await migrator.migrateTo(BEFORE_RATES);
    expect(error).toBeUndefined();

    await sql`insert into users (id, uid, invite_code, created_at) values (1, 100001, 'INV1', 0)`.execute(db);
    await sql`insert into wire_banks (bank_coin, bank_name, bank_address, bank_swift, payee_name, payee_account)
      values ('EUR', 'B', 'A', 'BSPBDEFF', 'P', 'DE89370400440532013000'),
             ('GBP', 'B', 'A', 'EXMPGB2L', 'P', 'GB29NWBK60161331926819'),
             ('USD', 'B', 'A', 'EXTBHKHH', 'P', '012345678901')`.execute(db);
    await sql`insert into withdraw_currencies (type, code, protocol, fee_type, draw_rate, usd_price, min_amount)
      values (2, 'EUR', '', 1, '1', '0.86', '0'), (2, 'EUR', '', 1, '1', '0.95', '0'), (2, 'CHF', '', 1, '1', '0.8', '0')`.execute(
      db,
    );
    await sql`insert into deposits (user_id, type, channel_id, currency_code, amount, proof_pic, status, created_at)
      values (1, 1, 1, 'EUR', 100000000, 'p', 1, 0), (1, 1, 1, 'EUR', 5000000, 'p', 0, 0)`.execute(db);

    await migrateToLatest(db, scratch!.handle.kind);

    const rates = await sql<{ currency_code: string; usd_price: string }>`
      select currency_code, usd_price from deposit_rates order by currency_code`.execute(db);
    // EUR takes its first withdrawal rate; GBP has none to take, CHF has no deposit channel, USD is 1.
    expect(rates.rows).toEqual([{ currency_code: 'EUR', usd_price: '0.86' }]);
    const deposits = await sql<{
      amount: unknown;
      sent_amount: unknown;
      received_amount: unknown;
      usd_price: string;
    }>`
      select amount, sent_amount, received_amount, usd_price from deposits order by id`.execute(db);
    expect(
      deposits.rows.map((row) => [
        String(row.amount),
        String(row.sent_amount),
        row.received_amount === null ? null : String(row.received_amount),
        row.usd_price,
      ]),
    ).toEqual([
      ['100000000', '100000000', '100000000', '1'],
      ['5000000', '5000000', null, '1'],
    ]);
  });
});
