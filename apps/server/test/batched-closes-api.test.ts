/**
 * A cascade written in one go stores exactly what writing its closes one by one stores. Two
 * runtimes live the same history (the same users, orders, prices and clock): on the first one tick
 * fires every stop loss and stop-out at once, and its outcome writer commits them as one batch
 * (multi-row statements); the second writes those very outcomes one transaction each. Every row of
 * orders, ledger, balances, margin events with their closes and snapshots must then be the same,
 * and every stored balance the sum of its ledger.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Outcome } from '@omp/engine';
import { TradingRepository } from '../src/repositories/trading-repository.ts';
import { countingDatabase } from './helpers/counting-database.ts';
import { liftLeverageCaps } from './helpers/leverage-helpers.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';

const STOP_LOSSES = 40;
const STOP_OUTS = 6;

/** The same users and positions on a runtime: stop losses under the price, and thin accounts. */
async function liveTheHistory(rt: TestRuntime): Promise<number[]> {
  await liftLeverageCaps(rt);
  const t = tradingClient(rt);
  const eurusd = t.spec('EURUSD').id;
  t.tick('EURUSD', '1.10000', '1.10012');
  const userIds: number[] = [];
  for (let i = 0; i < STOP_LOSSES; i++) {
    const { token, id } = await t.demoUser();
    userIds.push(id);
    // Stops at different prices: the cascade closes them at one tick, each at its own loss.
    const stop = (1.099 - i * 0.0001).toFixed(5);
    const placed = await t.submit(token, {
      type: 1,
      cont: '0.1',
      forex_id: eurusd,
      status: 1,
      stop_loss_price: stop,
    });
    expect(placed.code, placed.msg).toBe(1);
  }
  for (let i = 0; i < STOP_OUTS; i++) {
    const { token, id } = await t.realUser(String(1700 + i * 10));
    userIds.push(id);
    for (const cont of ['0.5', '1'])
      expect(
        (await t.submit(token, { type: 1, cont, forex_id: eurusd, status: 1, multiple: 100 })).code,
      ).toBe(1);
  }
  await rt.trading.idle();
  rt.clock.advance(1000);
  return userIds;
}

async function storedRows(rt: TestRuntime) {
  const { db } = rt.database;
  return {
    orders: await db.selectFrom('orders').selectAll().orderBy('id').execute(),
    ledger: await db.selectFrom('ledger').selectAll().orderBy('id').execute(),
    accounts: await db.selectFrom('trading_accounts').selectAll().orderBy('user_id').execute(),
    marginEvents: await db.selectFrom('margin_events').selectAll().orderBy('id').execute(),
    marginEventCloses: await db
      .selectFrom('margin_event_closes')
      .selectAll()
      .orderBy('event_id')
      .orderBy('position')
      .execute(),
    // Periodic snapshots follow a timer of each runtime's own: only the events' snapshots compare.
    eventSnapshots: await db
      .selectFrom('account_snapshots')
      .select(['user_id', 'at', 'balance', 'equity', 'used_margin', 'margin_level', 'reason'])
      .where('reason', '!=', 'periodic')
      .orderBy('id')
      .execute(),
  };
}

async function expectBalancesAreLedgers(rt: TestRuntime, userIds: number[]): Promise<void> {
  const repository = new TradingRepository(rt.database.db);
  for (const userId of userIds) {
    const { sumMicros } = await repository.ledgerSummary(userId);
    expect(await repository.storedBalance(userId), `user ${userId}`).toBe(sumMicros);
  }
}

describe.each(databaseEngines())('a batch of closes on %s', (engine) => {
  let batched: TestRuntime;
  let oneByOne: TestRuntime;

  // Two runtimes, each seeding its catalogue and chart history: slow on a busy machine.
  beforeAll(async () => {
    batched = await startTestRuntime({ engine });
    oneByOne = await startTestRuntime({ engine });
  }, 240_000);
  afterAll(async () => {
    await batched?.dispose();
    await oneByOne?.dispose();
  });

  it('stores the same rows written in one go as written one by one, every balance its ledger', async () => {
    const userIds = await liveTheHistory(batched);
    expect(await liveTheHistory(oneByOne)).toEqual(userIds);

    const fired: Array<{ outcomes: readonly Outcome[]; atMs: number }> = [];
    batched.trading.onCommitted((outcomes, fromTick, atMs) => {
      if (fromTick) fired.push({ outcomes, atMs });
    });
    const batchesBefore = batched.trading.writerStats().batches;
    tradingClient(batched).tick('EURUSD', '1.08500', '1.08512');
    await batched.trading.idle();
    // One tick, one transaction: every stop loss and every stop-out of the cascade.
    expect(batched.trading.writerStats().batches - batchesBefore).toBe(1);
    expect(fired).toHaveLength(1);
    const { outcomes, atMs } = fired[0]!;
    const closed = outcomes.flatMap((outcome) => outcome.orders).filter((order) => order.state === 'closed');
    expect(closed.filter((order) => order.closeReason === 'stop_loss')).toHaveLength(STOP_LOSSES);
    expect(closed.filter((order) => order.closeReason === 'stop_out')).toHaveLength(STOP_OUTS * 2);
    expect(outcomes.some((outcome) => outcome.events.some((event) => event.type === 'stop_out'))).toBe(true);

    const repository = new TradingRepository(oneByOne.database.db);
    for (const outcome of outcomes) await repository.persist([{ outcomes: [outcome], atMs }]);

    const [inOneGo, singly] = await Promise.all([storedRows(batched), storedRows(oneByOne)]);
    expect(inOneGo.marginEvents).toHaveLength(STOP_OUTS);
    expect(inOneGo.marginEventCloses).toHaveLength(STOP_OUTS * 2);
    expect(inOneGo).toEqual(singly);
    await expectBalancesAreLedgers(batched, userIds);
    await expectBalancesAreLedgers(oneByOne, userIds);
    // The book that decided holds what was stored.
    for (const userId of userIds)
      expect(batched.trading.bookBalanceMicros(userId)).toBe(
        (await new TradingRepository(batched.database.db).ledgerSummary(userId)).sumMicros,
      );
  }, 120_000);

  it('writes a batch of orders and their replies in one statement on PostgreSQL, with no transaction around it', async () => {
    // The same new user on both runtimes (their ids are in step), an order and its fee on the first.
    const first = await tradingClient(batched).demoUser();
    const second = await tradingClient(oneByOne).demoUser();
    expect(second.id).toBe(first.id);
    const fired: Array<readonly Outcome[]> = [];
    const stop = batched.trading.onCommitted((outcomes) => void fired.push(outcomes));
    const t = tradingClient(batched);
    t.tick('EURUSD', '1.08500', '1.08512');
    const placed = await t.submit(first.token, {
      type: 1,
      cont: '0.1',
      forex_id: t.spec('EURUSD').id,
      status: 1,
    });
    expect(placed.code, placed.msg).toBe(1);
    await batched.trading.idle();
    stop();
    const outcomes = fired.flat();
    expect(outcomes.flatMap((outcome) => outcome.postings).length).toBeGreaterThan(0);
    const reply = {
      userId: first.id,
      key: 'order-1',
      operation: 'submit',
      fingerprint: 'f1',
      response: '{}',
    };

    // Counted: transactions begun and statements sent through the handle itself.
    const { db: counting, counts } = countingDatabase(oneByOne.database.db);
    await new TradingRepository(counting).persist([{ outcomes, atMs: 1, idempotent: reply }]);
    if (engine === 'postgres') expect(counts).toEqual({ transactions: 0, statements: 1 });
    else expect(counts.transactions).toBe(1);

    const storedOf = async (rt: TestRuntime) => ({
      ...(await storedRows(rt)),
      replies: await rt.database.db
        .selectFrom('idempotency_keys')
        .select(['user_id', 'key', 'route', 'fingerprint', 'response'])
        .where('user_id', '=', first.id)
        .execute(),
    });
    const [written, decided] = await Promise.all([storedOf(oneByOne), storedOf(batched)]);
    expect(written.replies.map((row) => ({ ...row, user_id: Number(row.user_id) }))).toEqual([
      { user_id: first.id, key: 'order-1', route: 'submit', fingerprint: 'f1', response: '{}' },
    ]);
    const orderOf = (rows: typeof written) => rows.orders.filter((row) => Number(row.user_id) === first.id);
    expect(orderOf(written)).toEqual(orderOf(decided));
    // The balance after the fee (its time is the batch's: this one is dated 1).
    const balanceOf = (rows: typeof written) =>
      rows.accounts.find((row) => Number(row.user_id) === first.id)?.balance;
    expect(balanceOf(written)).toBe(balanceOf(decided));
    await expectBalancesAreLedgers(batched, [first.id]);
  });

  it('writes an empty batch (a cluster node checking its fence alone) as nothing, without failing', async () => {
    let fenced = 0;
    await expect(
      new TradingRepository(batched.database.db).persist([], async () => {
        fenced += 1;
      }),
    ).resolves.toBeUndefined();
    expect(fenced).toBe(1);
  });
});
