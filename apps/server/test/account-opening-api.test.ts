/**
 * A trading account opens once. On a cluster the owner of the book opens it for whichever node asked
 * first, and two nodes asking for one new user at the same moment both reach the owner: the second
 * opening must change nothing (no second row, no second demo credit), on either database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TradingRepository } from '../src/repositories/trading-repository.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';

describe.each(databaseEngines())('opening a trading account on %s', (engine) => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await startTestRuntime({ engine });
  });
  afterAll(() => rt?.dispose());

  it('opens once when two openings race, with one opening credit', async () => {
    const t = tradingClient(rt);
    const { token, id } = await t.demoUser();
    const repository = new TradingRepository(rt.database.db);
    const opening = 100_000_000n;
    await Promise.all([
      repository.createAccount(id, true, opening, rt.clock.now()),
      repository.createAccount(id, true, opening, rt.clock.now()),
      repository.createAccount(id, true, opening, rt.clock.now()),
    ]);
    const accounts = await rt.database.db
      .selectFrom('trading_accounts')
      .select('user_id')
      .where('user_id', '=', id)
      .execute();
    expect(accounts).toHaveLength(1);
    const credits = await rt.database.db
      .selectFrom('ledger')
      .select('amount')
      .where('user_id', '=', id)
      .execute();
    expect(credits.map((row) => BigInt(row.amount))).toEqual([opening]);
    // The book loads the one account, and its balance is its ledger.
    expect((await t.figures(token)).data.balance).toBe(100);
    expect(await t.expectLedgerBalanced(id)).toBe(opening);
  });
});
