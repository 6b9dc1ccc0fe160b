/**
 * The stop-out explainer on a real database: accounts holding positions are snapshotted on a short
 * interval, a stop-out and a margin call are stored with the figures that caused them, the socket
 * push names the report, and GET /v1/api/forex/stop_out_report answers the closes in order (largest
 * loss first), their prices and results, and what negative balance protection restored. Only the
 * user's own, with clear refusals.
 */
import { describe, expect, it, vi } from 'vitest';
import type { StopOutReport } from '@omp/protocol';
import { databaseEngines } from './helpers/test-runtime.ts';
import { tradingSuite, signedInSocket } from './helpers/trading-suite.ts';

describe.each(databaseEngines())('the stop-out explainer on %s', (engine) => {
  const suite = tradingSuite(engine, { env: { SNAPSHOT_EVERY_MS: '40' }, liftLeverageCaps: true });

  const report = (token: string, query: string) =>
    suite.t.get<StopOutReport>(`/v1/api/forex/stop_out_report?${query}`, token);

  const snapshotsOf = (userId: number) =>
    suite.rt.database.db
      .selectFrom('account_snapshots')
      .select(['at', 'reason', 'margin_level'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();

  /** Moves the clock a few minutes on and waits until the snapshot timer recorded the account there. */
  async function snapshotAfterMinutes(userId: number, minutes: number) {
    suite.rt.clock.advance(minutes * 60_000);
    const at = suite.rt.clock.now();
    await vi.waitFor(
      async () => {
        const rows = await snapshotsOf(userId);
        expect(rows.some((row) => Number(row.at) === at && row.reason === 'periodic')).toBe(true);
      },
      { timeout: 5000, interval: 20 },
    );
  }

  it('snapshots the account while it holds positions, and explains its stop-out in the order of the closes', async () => {
    const { token, id } = await suite.t.realUser('1700');
    const small = await suite.t.submit(token, {
      type: 1,
      cont: '0.5',
      forex_id: suite.eurusd,
      status: 1,
      multiple: 100,
    });
    const large = await suite.t.submit(token, {
      type: 1,
      cont: '1',
      forex_id: suite.eurusd,
      status: 1,
      multiple: 100,
    });
    expect(large.code).toBe(1);

    await snapshotAfterMinutes(id, 5);
    suite.t.tick('EURUSD', '1.09700', '1.09712');
    await snapshotAfterMinutes(id, 5);
    const periodic = (await snapshotsOf(id)).filter((row) => row.reason === 'periodic');
    // The level follows the price: lower after the fall than before it.
    const levels = periodic.map((row) => Number(row.margin_level));
    expect(levels.at(-1)).toBeLessThan(levels[0]!);

    suite.rt.clock.advance(1000);
    suite.t.tick('EURUSD', '1.08500', '1.08512');
    await suite.rt.trading.idle();
    await suite.t.expectLedgerBalanced(id);

    const byOrder = await report(token, `order_id=${small.data.Id}`);
    expect(byOrder.code).toBe(1);
    const explained = byOrder.data;
    // Fees 0.27503 + 0.55006 out of 1,700; each lot loses (1.08500 − 1.10012) × 100,000.
    expect(explained).toMatchObject({
      kind: 'stop_out',
      at: Math.floor(suite.rt.clock.now() / 1000),
      stop_out_level: 50,
      margin_call_level: 100,
      balance_before: 1699.17491,
      equity_before: 1699.17491 - 2268,
      balance_after: 0,
      level_after: null,
      negative_balance_protection: 568.82509,
    });
    expect(explained.level_before).toBeLessThan(50);
    // The larger loss first (engine rule S1), though it was opened second.
    expect(explained.closed).toEqual([
      {
        id: large.data.Id,
        code: 'EUR/USD',
        side: 1,
        lots: 1,
        price_precision: 5,
        open_price: 1.10012,
        close_price: 1.085,
        profit: -1512,
        order_of_close: 1,
      },
      {
        id: small.data.Id,
        code: 'EUR/USD',
        side: 1,
        lots: 0.5,
        price_precision: 5,
        open_price: 1.10012,
        close_price: 1.085,
        profit: -756,
        order_of_close: 2,
      },
    ]);
    // The history: the periodic snapshots before, then the moment itself at the level that triggered it.
    expect(explained.snapshots.length).toBeGreaterThanOrEqual(3);
    expect(explained.snapshots.at(-1)).toMatchObject({
      time: explained.at,
      margin_level: explained.level_before,
      balance: 1699.17491,
      used_margin: 1650.18,
    });
    const times = explained.snapshots.map((s) => s.time);
    expect(times).toEqual([...times].sort((a, b) => a - b));

    // The same report by its id, and nothing more is snapshotted once nothing is held.
    expect((await report(token, `id=${explained.id}`)).data).toEqual(explained);
    const countAfter = (await snapshotsOf(id)).length;
    suite.rt.clock.advance(5 * 60_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await snapshotsOf(id)).length).toBe(countAfter);
  });

  it('names the report in the STOP_OUT and MARGIN_CALL pushes, and explains a margin call', async () => {
    const { token } = await suite.t.realUser('1500');
    const client = await signedInSocket(suite.rt, token);
    const order = await suite.t.submit(token, { type: 1, cont: '1', forex_id: suite.eurusd, status: 1 });

    suite.rt.clock.advance(1000);
    suite.t.tick('EURUSD', '1.09600', '1.09612');
    const call = (await client.waitFor((m) => typeof m === 'object' && m.type === 'MARGIN_CALL')) as {
      report_id: number;
      margin_level: number;
    };
    const callReport = (await report(token, `id=${call.report_id}`)).data;
    expect(callReport).toMatchObject({
      kind: 'margin_call',
      level_before: call.margin_level,
      level_after: call.margin_level,
      closed: [],
      negative_balance_protection: 0,
    });

    suite.rt.clock.advance(1000);
    suite.t.tick('EURUSD', '1.09000', '1.09012');
    const stopOut = (await client.waitFor((m) => typeof m === 'object' && m.type === 'STOP_OUT')) as {
      report_id: number;
      closed: number[];
      msg: string;
    };
    expect(stopOut).toMatchObject({
      closed: [order.data.Id],
      stop_out_level: 50,
      msg: expect.stringContaining('1 position(s) were closed'),
    });
    const stopOutReport = (await report(token, `id=${stopOut.report_id}`)).data;
    expect(stopOutReport.closed.map((c) => [c.id, c.close_price])).toEqual([[order.data.Id, 1.09]]);
    // The margin call is in the history before the stop-out.
    expect(stopOutReport.snapshots.map((s) => s.margin_level)).toContain(call.margin_level);
    client.close();
  });

  it('remembers a margin call across a restart: no second warning until the level has recovered', async () => {
    const { token, id } = await suite.t.realUser('1500');
    expect(
      (await suite.t.submit(token, { type: 1, cont: '1', forex_id: suite.eurusd, status: 1 })).code,
    ).toBe(1);
    const warnings = async () =>
      (
        await suite.rt.database.db
          .selectFrom('margin_events')
          .select('id')
          .where('user_id', '=', id)
          .where('kind', '=', 'margin_call')
          .execute()
      ).length;
    const warnedFlag = async () =>
      Number(
        (
          await suite.rt.database.db
            .selectFrom('trading_accounts')
            .select('margin_call_warned')
            .where('user_id', '=', id)
            .executeTakeFirstOrThrow()
        ).margin_call_warned,
      );
    const tickAndSettle = async (bid: string, ask: string) => {
      suite.rt.clock.advance(1000);
      suite.t.tick('EURUSD', bid, ask);
      await suite.rt.trading.idle();
    };

    // About 98.8 %: warned once, and the account row says so.
    await tickAndSettle('1.09600', '1.09612');
    expect(await warnings()).toBe(1);
    expect(await warnedFlag()).toBe(1);

    await suite.restart();
    await tickAndSettle('1.09590', '1.09602');
    expect(await warnings()).toBe(1);

    // Back above the re-arming 110 % (about 135 %), then down again: warned a second time.
    await tickAndSettle('1.10000', '1.10012');
    expect(await warnedFlag()).toBe(0);
    await tickAndSettle('1.09600', '1.09612');
    expect(await warnings()).toBe(2);
    await suite.t.expectLedgerBalanced(id);
  });

  it("refuses another user's report, an order no stop-out closed, and a call without one id", async () => {
    const owner = await suite.t.realUser('1200');
    const order = await suite.t.submit(owner.token, {
      type: 1,
      cont: '1',
      forex_id: suite.eurusd,
      status: 1,
    });
    suite.rt.clock.advance(1000);
    suite.t.tick('EURUSD', '1.08000', '1.08012');
    await suite.rt.trading.idle();
    const own = await report(owner.token, `order_id=${order.data.Id}`);
    expect(own.code).toBe(1);

    const other = await suite.t.demoUser();
    expect(await report(other.token, `id=${own.data.id}`)).toMatchObject({
      code: 404,
      msg: 'There is no such stop-out or margin call on your account',
      data: null,
    });
    expect(await report(other.token, `order_id=${order.data.Id}`)).toMatchObject({ code: 404 });
    const closedByUser = await suite.t.submit(other.token, {
      type: 1,
      cont: '0.1',
      forex_id: suite.eurusd,
      status: 1,
    });
    await suite.t.close(other.token, closedByUser.data.Id);
    expect(await report(other.token, `order_id=${closedByUser.data.Id}`)).toMatchObject({ code: 404 });
    for (const query of ['', `id=${own.data.id}&order_id=${order.data.Id}`])
      expect(await report(owner.token, query)).toMatchObject({
        code: 422,
        msg: 'Give either the id of the report or the order_id of a position the stop-out closed, one of the two',
      });
    expect(await report(owner.token, 'id=abc')).toMatchObject({
      code: 422,
      msg: expect.stringMatching(/^id /),
    });
    expect(await report('', `id=${own.data.id}`)).toMatchObject({ code: 999 });
  });
});
