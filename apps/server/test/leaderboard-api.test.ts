/**
 * The leaderboard through the HTTP layer on a real database. Traders open and close positions at
 * controlled prices, one trade falls outside the three-week window, and the board's figures are
 * checked against the closed trades the test reads back: returns, win rate, profit, counts,
 * leverage, instrument, masked names, opt-in and opt-out, demo and real apart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMicros } from '@omp/engine';
import { ResponseCode, type OrderRow } from '@omp/protocol';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';
import { liftLeverageCaps } from './helpers/leverage-helpers.ts';

interface Row {
  rank: number;
  user: string;
  multiple: number;
  code: string;
  three_week_rate: number;
  three_week_win: number;
  three_week_profit: number;
  total_rate: number;
  total_trade_num: number;
  followers: number;
}
interface Board {
  list: Row[];
  total: number;
  page: number;
  updated_at: string;
}

const DAY_MS = 24 * 3_600_000;
const micros = (value: number) => parseMicros(String(value))!;
/** Net of one closed trade: realized P/L less the fee it paid, micro-dollars. */
const netOf = (order: OrderRow) => micros(order.FactProfits) - micros(order.TradeFee);
/** numerator ÷ denominator as a percent with 2 decimals, half away from zero, as a number. */
function percent(numerator: bigint, denominator: bigint): number {
  const scaled = numerator * 10_000n;
  const quotient = scaled / denominator;
  const remainder = scaled % denominator;
  const rounded =
    2n * (remainder < 0n ? -remainder : remainder) >= denominator
      ? quotient + (scaled < 0n ? -1n : 1n)
      : quotient;
  return Number(rounded) / 100;
}

describe.each(databaseEngines())('leaderboard on %s', (engine) => {
  let rt: TestRuntime;
  let t: ReturnType<typeof tradingClient>;
  /** The best real trader of the first scenario, for the opt-out scenario. */
  let janeToken = '';

  beforeAll(async () => {
    rt = await startTestRuntime({ engine });
    await liftLeverageCaps(rt);
    t = tradingClient(rt);
  });
  afterAll(() => rt.dispose());

  const prices = () => {
    rt.clock.advance(1000);
    t.tick('EURUSD', '1.10000', '1.10012');
    t.tick('XAGUSD', '51.800', '51.830');
  };
  const board = async (isDemo: 0 | 1) => {
    await rt.leaderboard.refresh();
    return (await t.get<Board>(`/api/follow/list?is_demo=${isDemo}`)).data;
  };
  const optIn = (token: string, enabled: 0 | 1) => t.postForm('/api/follow/opt_in', { enabled }, token);
  /** Opens at the current prices, moves EURUSD by `move` (in price), closes, and returns the closed row. */
  async function roundTrip(
    token: string,
    order: { type: 1 | 2; cont: string; multiple: number; code?: string },
    move: { bid: string; ask: string },
  ): Promise<OrderRow> {
    prices();
    const code = order.code ?? 'EURUSD';
    const opened = await t.submit(token, {
      type: order.type,
      cont: order.cont,
      forex_id: t.spec(code).id,
      status: 1,
      multiple: order.multiple,
    });
    expect(opened.code, opened.msg).toBe(1);
    rt.clock.advance(1000);
    t.tick(code, move.bid, move.ask);
    const closed = await t.close(token, opened.data.Id);
    expect(closed.code, closed.msg).toBe(1);
    return closed.data;
  }
  async function setIdentifier(userId: number, column: 'email' | 'mobile', value: string) {
    await rt.database.db
      .updateTable('users')
      .set({ [column]: value })
      .where('id', '=', userId)
      .execute();
    rt.app.auth.forgetUser(userId);
  }

  it('ranks opted-in real traders by their three-week return, with every figure from their closed trades', async () => {
    const jane = await t.realUser('10000');
    const omar = await t.realUser('5000');
    const hidden = await t.realUser('8000');
    janeToken = jane.token;
    await setIdentifier(jane.id, 'email', 'jane.doe@gmail.com');
    await setIdentifier(omar.id, 'mobile', '+447700900123');
    for (const trader of [jane, omar]) expect((await optIn(trader.token, 1)).code).toBe(1);

    // Jane: one winning trade that the window will leave behind, then three inside it.
    const old = await roundTrip(
      jane.token,
      { type: 1, cont: '1', multiple: 100 },
      { bid: '1.10300', ask: '1.10312' },
    );
    rt.clock.advance(22 * DAY_MS);
    const recent = [
      await roundTrip(jane.token, { type: 1, cont: '1', multiple: 100 }, { bid: '1.10200', ask: '1.10212' }),
      await roundTrip(
        jane.token,
        { type: 2, cont: '0.5', multiple: 200 },
        { bid: '1.09800', ask: '1.09812' },
      ),
      await roundTrip(
        jane.token,
        { type: 1, cont: '0.2', multiple: 100 },
        { bid: '1.09900', ask: '1.09912' },
      ),
    ];
    // Omar loses on silver; the trader who never opted in wins big and must stay invisible.
    const omarTrade = await roundTrip(
      omar.token,
      { type: 1, cont: '0.1', multiple: 50, code: 'XAGUSD' },
      { bid: '51.500', ask: '51.530' },
    );
    await roundTrip(hidden.token, { type: 1, cont: '2', multiple: 100 }, { bid: '1.11000', ask: '1.11012' });

    const real = await board(0);
    expect(real.total).toBe(2);
    expect(real.updated_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    const janeNetWindow = recent.reduce((sum, order) => sum + netOf(order), 0n);
    const janeNetTotal = janeNetWindow + netOf(old);
    const janeOpening = micros(10000) + netOf(old);
    expect(real.list[0]).toEqual({
      rank: 1,
      user: 'ja***@gm***.com',
      multiple: 100,
      code: 'EUR/USD',
      three_week_rate: percent(janeNetWindow, janeOpening),
      three_week_win: percent(BigInt(recent.filter((o) => netOf(o) > 0n).length), 3n),
      three_week_profit: Number(janeNetWindow) / 1e6,
      total_rate: percent(janeNetTotal, micros(10000)),
      total_trade_num: 4,
      followers: 0,
    });
    // Two of the three recent trades won: the long from 1.10012 to 1.102, and the short as it fell;
    // the last long lost.
    expect(real.list[0]!.three_week_win).toBe(66.67);
    expect(real.list[0]!.three_week_rate).toBeGreaterThan(0);

    expect(real.list[1]).toEqual({
      rank: 2,
      user: '+44 77****123',
      multiple: 50,
      code: 'XAG/USD',
      three_week_rate: percent(netOf(omarTrade), micros(5000)),
      three_week_win: 0,
      three_week_profit: Number(netOf(omarTrade)) / 1e6,
      total_rate: percent(netOf(omarTrade), micros(5000)),
      total_trade_num: 1,
      followers: 0,
    });
    expect(real.list[1]!.three_week_rate).toBeLessThan(0);

    for (const trader of [jane, omar, hidden]) await t.expectLedgerBalanced(trader.id);
  });

  it('keeps demo traders on a board of their own, named by a masked uid', async () => {
    const demo = await t.demoUser();
    await optIn(demo.token, 1);
    await roundTrip(demo.token, { type: 2, cont: '1', multiple: 100 }, { bid: '1.09800', ask: '1.09812' });
    const { uid } = (await t.get<{ uid: number }>('/api/user/info', demo.token)).data;

    const demoBoard = await board(1);
    expect(demoBoard.list.map((row) => row.user)).toEqual([
      `${String(uid).slice(0, 2)}****${String(uid).slice(-2)}`,
    ]);
    expect((await board(0)).list.map((row) => row.user)).not.toContain(demoBoard.list[0]!.user);
    await t.expectLedgerBalanced(demo.id);
  });

  it('takes a trader off at once when they opt out, and reports the choice in the user info', async () => {
    const before = await board(0);
    const jane = before.list.find((row) => row.user === 'ja***@gm***.com');
    expect(jane).toBeDefined();
    const token = janeToken;
    expect(
      (await t.get<{ show_on_leaderboard: number }>('/api/user/info', token)).data.show_on_leaderboard,
    ).toBe(1);

    expect(await optIn(token, 0)).toMatchObject({ code: 1, data: { enabled: 0 } });
    // No refresh: the served board already lacks her.
    const served = (await t.get<Board>('/api/follow/list?is_demo=0')).data;
    expect(served.list.map((row) => row.user)).toEqual(['+44 77****123']);
    expect(served.list[0]!.rank).toBe(1);
    expect((await board(0)).total).toBe(1);
    expect(
      (await t.get<{ show_on_leaderboard: number }>('/api/user/info', token)).data.show_on_leaderboard,
    ).toBe(0);

    expect(await optIn(token, 1)).toMatchObject({ code: 1, data: { enabled: 1 } });
    expect((await board(0)).list[0]!.user).toBe('ja***@gm***.com');
  });

  it('refuses a bad opt-in value and an anonymous caller with a clear message', async () => {
    const { token } = await t.demoUser();
    expect(await optIn(token, 7 as 0)).toMatchObject({
      code: ResponseCode.invalid,
      msg: expect.stringMatching(/enabled/),
    });
    expect(await t.postForm('/api/follow/opt_in', { enabled: 1 })).toMatchObject({
      code: ResponseCode.sessionInvalid,
    });
    expect((await t.get<Board>('/api/follow/list?page_size=99')).code).toBe(ResponseCode.invalid);
  });
});
