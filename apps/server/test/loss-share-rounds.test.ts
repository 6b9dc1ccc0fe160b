/**
 * The risk warning's loss share, counted a round of users at a time: the same answer as counting
 * every user at once, whatever the round size, on both databases. Seeded users (a fifth demo) with
 * orders closed inside and outside the window, open and cancelled ones, winners, losers and
 * break-evens by their fees.
 */
import type { Kysely } from 'kysely';
import { OrderStatus } from '@omp/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/schema.ts';
import { RiskWarningRepository } from '../src/repositories/risk-warning-repository.ts';
import { pick, seededRng } from './helpers/fuzz-values.ts';
import { openMigratedScratchDatabase, type ScratchDatabase } from './helpers/scratch-database.ts';
import { databaseEngines } from './helpers/test-runtime.ts';

const FROM_MS = 1_000_000;
const TO_MS = 2_000_000;
const USERS = 37;

describe.each(databaseEngines())('loss share in rounds on %s', (engine) => {
  let scratch: ScratchDatabase | undefined;
  let db: Kysely<Database>;
  const expected = { accounts: 0, losingAccounts: 0 };

  beforeAll(async () => {
    scratch = await openMigratedScratchDatabase(engine, 'loss_share');
    db = scratch.handle.db;
    const random = seededRng(20261207);
    const int = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
    const users = Array.from({ length: USERS }, (_, i) => ({
      id: (i + 1) * 3, // gaps between ids, as deleted or demo-only users leave
      uid: 100_000 + i,
      is_demo: random() < 0.2 ? 1 : 0,
      invite_code: `L${i}`,
      created_at: 0,
    }));
    await db.insertInto('users').values(users).execute();
    let orderId = 0;
    const orders = [];
    for (const user of users) {
      let net = 0n;
      let counted = false;
      for (let n = int(0, 6); n > 0; n--) {
        const status = pick(random, [
          OrderStatus.closed,
          OrderStatus.closed,
          OrderStatus.holding,
          OrderStatus.cancelled,
        ]);
        const closedAt = pick(random, [FROM_MS - 1, FROM_MS, 1_500_000, TO_MS - 1, TO_MS]);
        const profit = int(-3, 3) * 1_000_000;
        const fee = int(0, 1) * 500_000;
        orders.push({
          id: ++orderId,
          user_id: user.id,
          instrument_id: 1,
          side: 1,
          kind: 'market',
          status,
          lots: 1_000_000,
          leverage: 100,
          target_points: 0,
          open_points: 100,
          close_points: 100,
          stop_loss_points: 0,
          take_profit_points: 0,
          margin: 1_000_000,
          fee,
          profit,
          closed_type: 1,
          cancel_reason: null,
          created_at: 0,
          opened_at: 0,
          closed_at: closedAt,
          trailing_points: 0,
          split_from_id: 0,
        });
        if (user.is_demo === 0 && status === OrderStatus.closed && closedAt >= FROM_MS && closedAt < TO_MS) {
          counted = true;
          net += BigInt(profit - fee);
        }
      }
      if (counted) {
        expected.accounts += 1;
        if (net < 0n) expected.losingAccounts += 1;
      }
    }
    if (orders.length > 0) await db.insertInto('orders').values(orders).execute();
  });
  afterAll(async () => {
    await scratch?.dispose();
  });

  it.each([1, 2, 5, 500])('counts the same in rounds of %i users', async (usersPerRound) => {
    expect(expected.accounts).toBeGreaterThan(5); // the draw has accounts to count, losing and not
    expect(expected.losingAccounts).toBeGreaterThan(0);
    expect(expected.losingAccounts).toBeLessThan(expected.accounts);
    const repository = new RiskWarningRepository(db, usersPerRound);
    expect(await repository.countLossShare(FROM_MS, TO_MS)).toEqual(expected);
  });
});
