/**
 * The trading book on a cluster (PostgreSQL and Redis): two nodes on one schema and one Redis.
 * Exactly one owns the book; an order placed through the other is decided by the owner, stored once
 * and answered to the client; when the owner dies (stops renewing and drops its connections, no
 * handover) the other takes the book within 5 s, rebuilds it from the database, and a stop loss set
 * before fires once; the dead owner's late write is refused by the fence; a graceful stop hands
 * the book over at once. Ticks go to both nodes, as one shared feed would send them.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FencedError } from '../src/cluster/book-lease.ts';
import type { Runtime } from '../src/runtime.ts';
import { TradingRepository } from '../src/repositories/trading-repository.ts';
import { startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';
import {
  clusterUnavailable,
  startAnotherNode,
  forgetRedisKeys,
  testRedisUrl,
  uniqueKeyPrefix,
  waitUntil,
} from './helpers/cluster-target.ts';

describe.skipIf(clusterUnavailable('BOOK OWNERSHIP CASES'))(
  'the trading book on a cluster of two nodes',
  () => {
    const keyPrefix = uniqueKeyPrefix();
    let first: TestRuntime;
    let second: TestRuntime;
    let third: Runtime | undefined;
    let secondStopped = false;
    let orderThroughSecond: number;
    let trader: { token: string; id: number };

    const nodeLike = (runtime: Runtime): TestRuntime => ({ ...first, ...runtime });
    const startAnother = () => startAnotherNode(first);
    const tickBoth = (bid: string, ask: string) => {
      for (const node of [first, second]) tradingClient(node).tick('EURUSD', bid, ask);
    };

    beforeAll(async () => {
      first = await startTestRuntime({
        engine: 'postgres',
        env: { REDIS_URL: testRedisUrl!, REDIS_KEY_PREFIX: keyPrefix },
      });
      second = nodeLike(await startAnother());
      tickBoth('1.10000', '1.10012');
    });
    afterAll(async () => {
      await third?.stop();
      if (!secondStopped) await second?.stop();
      await first?.dispose();
      await forgetRedisKeys(keyPrefix);
    });

    it('gives the book to exactly one node, and readiness says which', async () => {
      expect(first.bookCluster?.owns()).toBe(true);
      expect(second.bookCluster?.owns()).toBe(false);
      // The first node to start also produces the market (shard `feed`, cluster/feed-cluster.ts).
      expect(first.readiness.bookOwnership()).toEqual({ known: true, shards: { book: true, feed: true } });
      expect(second.readiness.bookOwnership()).toEqual({ known: true, shards: { book: false, feed: false } });
      const ready = await second.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
    });

    it('has the owner decide an order placed through the other node, stores it once and answers it', async () => {
      const onFirst = tradingClient(first);
      const onSecond = tradingClient(second);
      trader = await onFirst.demoUser();
      const eurusd = onSecond.spec('EURUSD').id;
      const key = { 'idempotency-key': 'through-the-second-node' };
      const body = { type: 1, cont: '0.1', forex_id: eurusd, status: 1, stop_loss_price: '1.09000' };
      const placed = await onSecond.submit(trader.token, body, key);
      expect(placed).toMatchObject({ code: 1, data: { Status: 1, Quantity: 0.1 } });
      orderThroughSecond = placed.data.Id;
      // The owner's book holds it; a retry through the second node answers the same row.
      expect(first.trading.bookBalanceMicros(trader.id)).toBeDefined();
      const again = await onSecond.submit(trader.token, body, key);
      expect(again.data.Id).toBe(orderThroughSecond);
      const stored = await first.database.db
        .selectFrom('orders')
        .select('id')
        .where('user_id', '=', trader.id)
        .execute();
      expect(stored.map((row) => Number(row.id))).toEqual([orderThroughSecond]);
      // A refusal of the owner reaches the client in its own language.
      const tooBig = await onSecond.submit(trader.token, { ...body, cont: '5000' });
      expect(tooBig.code).not.toBe(1);
      expect(tooBig.msg).toMatch(/[a-z]/i);
    });

    it("has the owner move a pending order's target asked through the other node (owner call trading.move_pending)", async () => {
      const onSecond = tradingClient(second);
      const eurusd = onSecond.spec('EURUSD').id;
      const pending = await onSecond.submit(trader.token, {
        type: 1,
        cont: '0.1',
        forex_id: eurusd,
        status: 0,
        target_price: '1.09000',
      });
      expect(pending.code, pending.msg).toBe(1);
      const moved = await onSecond.movePending(
        trader.token,
        { id: pending.data.Id, target_price: '1.09500' },
        { 'idempotency-key': 'move-through-the-second-node' },
      );
      expect(moved).toMatchObject({ code: 1, data: { Id: pending.data.Id, OriginPrice: 1.095, Status: 0 } });
      // The owner's book holds the new target: it is the one that fires it.
      const held = first.trading.orderRow(
        (await first.trading.account({ id: trader.id, isDemo: true })).orders.get(pending.data.Id)!,
      );
      expect(held.OriginPrice).toBe(1.095);
      // A refusal of the owner (at the market price) reaches the client through the second node.
      const atMarket = await onSecond.movePending(trader.token, {
        id: pending.data.Id,
        target_price: '1.10012',
      });
      expect(atMarket).toMatchObject({
        code: 0,
        msg: 'The target price equals the market price: place a market order instead',
      });
      await tradingClient(first).cancel(trader.token, pending.data.Id);
    });

    it('refuses, with nothing changed, a balance change the node that does not own the book would write', async () => {
      const before = await tradingClient(first).repository.ledgerSummary(trader.id);
      const change = second.trading.changeBalance(
        { id: trader.id, isDemo: true },
        { postings: [{ kind: 'adjustment', amountMicros: 1_000_000n }], refId: 0, requireFreeMargin: false },
        { answer: () => null },
      );
      await expect(change).rejects.toMatchObject({ messageKey: 'order.book_owner_unavailable' });
      expect(await tradingClient(first).repository.ledgerSummary(trader.id)).toEqual(before);
    });

    it('moves the book to the other node within 5 s when the owner dies, and the stop loss fires once', async () => {
      await first.bookCluster!.abandon();
      // Ownership is reported once the book is rebuilt from the database.
      const ownsBook = (node: Runtime) => () => {
        const ownership = node.readiness.bookOwnership();
        return ownership.known && ownership.shards.book === true;
      };
      const tookMs = await waitUntil(ownsBook(second), 5000);
      expect(tookMs).toBeLessThan(5000);
      expect(second.bookCluster!.owns()).toBe(true);
      expect(first.bookCluster!.owns()).toBe(false);

      // The rebuilt book holds the order placed before; the tick through its stop closes it.
      tickBoth('1.08900', '1.08912');
      await second.trading.idle();
      await first.trading.idle();
      tickBoth('1.08800', '1.08812');
      await second.trading.idle();
      const closes = await second.database.db
        .selectFrom('ledger')
        .select(['kind', 'ref_id'])
        .where('user_id', '=', trader.id)
        .where('ref_id', '=', orderThroughSecond)
        .execute();
      const row = await tradingClient(second).repository.orderById(trader.id, orderThroughSecond);
      expect(row).toMatchObject({ state: 'closed', closeReason: 'stop_loss' });
      expect(closes.filter((posting) => posting.kind === 'realized_pnl')).toHaveLength(1);
    });

    it('refuses a write of the deposed owner through the fence', async () => {
      const before = await second.database.db
        .selectFrom('ledger')
        .select(sql<string>`count(*)`.as('n'))
        .execute();
      const lateWrite = new TradingRepository(first.database.db).persist(
        [
          {
            outcomes: [],
            atMs: first.clock.now(),
            extra: async (trx) => {
              await trx
                .insertInto('ledger')
                .values({
                  user_id: trader.id,
                  kind: 'adjustment',
                  amount: 1n,
                  balance_after: 0n,
                  ref_id: 0,
                  memo_key: 'ledger.adjustment',
                  created_at: first.clock.now(),
                })
                .execute();
            },
          },
        ],
        (trx) => first.bookCluster!.fence(trx),
      );
      await expect(lateWrite).rejects.toBeInstanceOf(FencedError);
      const after = await second.database.db
        .selectFrom('ledger')
        .select(sql<string>`count(*)`.as('n'))
        .execute();
      expect(after).toEqual(before);
      // The owner's own fence passes.
      await expect(
        new TradingRepository(second.database.db).persist([], (trx) => second.bookCluster!.fence(trx)),
      ).resolves.toBeUndefined();
    });

    it('keeps every balance equal to the sum of its ledger', async () => {
      await second.trading.idle();
      const { rows } = await sql<{ user_id: number; balance: string; total: string | null }>`
      SELECT a.user_id, a.balance, (SELECT sum(l.amount) FROM ledger l WHERE l.user_id = a.user_id) AS total
      FROM trading_accounts a`.execute(second.database.db);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(String(row.balance)).toBe(String(row.total ?? 0));
    });

    it('hands the book over at once on a graceful stop', async () => {
      third = await startAnother();
      expect(third.bookCluster?.owns()).toBe(false);
      await second.stop();
      secondStopped = true;
      const tookMs = await waitUntil(() => third!.bookCluster!.owns(), 5000);
      // Sooner than the lease would have run out by itself (3 s): the stop released it.
      expect(tookMs).toBeLessThan(2500);
    });
  },
);
