/**
 * A key that another node stores between this node's look-up and its commit, on a real database:
 * each node's guard sees only its own requests, so on a cluster the key's primary key is what
 * decides. A unit of work of its own rolls back and answers by the stored reply; a change in a
 * batch of the book's is kept with everybody else's, and the key keeps its first reply.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@omp/protocol';
import {
  IdempotencyRepository,
  insertIdempotencyRecord,
} from '../src/repositories/idempotency-repository.ts';
import { IdempotencyGuard, recordOf, type IdempotentRequest } from '../src/services/idempotency.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';

describe.each(databaseEngines())('idempotency keys stored by another node on %s', (engine) => {
  let rt: TestRuntime;
  let t: ReturnType<typeof tradingClient>;

  beforeAll(async () => {
    rt = await startTestRuntime({ engine });
    t = tradingClient(rt);
  });
  afterAll(() => rt.dispose());

  /** Another node's reply under `key` of `userId`, committed as its unit of work would. */
  const storedElsewhere = (userId: number, key: string, operation: string, fingerprint: string) =>
    rt.database.db
      .transaction()
      .execute((trx) =>
        insertIdempotencyRecord(trx, { userId, key, operation, fingerprint, response: '{"elsewhere":1}' }, 1),
      );

  it("keeps a batch's changes when another node stored one of its keys since the look-up", async () => {
    const [a, b] = [await t.realUser('100'), await t.realUser('100')];
    await storedElsewhere(a.id, 'raced', 'deposit_crypto', 'f-elsewhere');
    // The guard looked before the other node stored: this change carries the key to the batch.
    const mine = { userId: a.id, key: 'raced', operation: 'withdraw', fingerprint: 'f-mine' };
    const credit = (id: number, idempotent?: IdempotentRequest) =>
      rt.trading.changeBalance(
        { id, isDemo: false },
        { postings: [{ kind: 'adjustment', amountMicros: 5_000_000n }], refId: 0, requireFreeMargin: false },
        { answer: () => `credited ${id}`, idempotent },
      );
    expect(await Promise.all([credit(a.id, mine), credit(b.id)])).toEqual([
      `credited ${a.id}`,
      `credited ${b.id}`,
    ]);
    expect(await new IdempotencyRepository(rt.database.db).find(a.id, 'raced')).toEqual({
      operation: 'deposit_crypto',
      fingerprint: 'f-elsewhere',
      response: '{"elsewhere":1}',
    });
    for (const who of [a, b]) expect(await t.expectLedgerBalanced(who.id)).toBe(105_000_000n);
  });

  it('answers by the stored reply when another node stored the key while this unit of work ran', async () => {
    const { id } = await t.demoUser();
    const guard = new IdempotencyGuard((userId, key) =>
      new IdempotencyRepository(rt.database.db).find(userId, key),
    );
    const request = (key: string, fingerprint: string): IdempotentRequest => ({
      userId: id,
      key,
      operation: 'deposit_crypto',
      fingerprint,
    });
    /** A unit of work that another node's commit of `fingerprint` under the key overtakes. */
    const overtaken = (fingerprint: string) => async (mine: IdempotentRequest | undefined) => {
      await storedElsewhere(id, mine!.key, 'deposit_crypto', fingerprint);
      await rt.database.db
        .transaction()
        .execute((trx) => insertIdempotencyRecord(trx, recordOf(mine!, { mine: 1 }), 1));
      return { mine: 1 };
    };
    // The same request sent through the other node: its reply, as to any later retry.
    expect(await guard.run(request('same-request', 'f-1'), overtaken('f-1'))).toEqual({ elsewhere: 1 });
    // Another request under the key there: refused as a reuse, not a database fault.
    await expect(guard.run(request('other-request', 'f-1'), overtaken('f-2'))).rejects.toMatchObject({
      code: ResponseCode.invalid,
      messageKey: 'idempotency_key_reused',
    });
  });
});
