/**
 * The back office's dashboard through the HTTP layer: queues and their ages, money credited
 * since the staff member's midnight, and the real book's exposure and floating P/L, which must
 * equal what the traders' own screens show.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WireDashboard } from '@omp/protocol';
import { moneyClient, uploadImage, type DepositRecord } from './helpers/money-helpers.ts';
import { adminToken, callApi, staffToken } from './helpers/staff-helpers.ts';
import {
  databaseEngines,
  startTestRuntime,
  WEDNESDAY_NOON_MS,
  type TestRuntime,
} from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';

describe.each(databaseEngines())('dashboard on %s', (engine) => {
  let rt: TestRuntime;
  let t: ReturnType<typeof tradingClient>;
  let m: ReturnType<typeof moneyClient>;

  beforeAll(async () => {
    rt = await startTestRuntime({ engine });
    t = tradingClient(rt);
    m = moneyClient(rt);
  });
  afterAll(() => rt.dispose());

  const dashboard = async (token: string, sinceMs?: number) =>
    callApi<WireDashboard>(
      rt,
      'GET',
      `/admin/api/dashboard${sinceMs === undefined ? '' : `?since_ms=${sinceMs}`}`,
      token,
    );

  async function deposit(token: string, amount: string) {
    const proof = await uploadImage(rt, token);
    const [network] = (await m.get<Array<{ id: number }>>('/api/quickCharge/info', token)).data;
    return m.post<DepositRecord>('/api/quickCharge/submit', token, {
      number: amount,
      proofImg: proof.data.url,
      charge_id: network!.id,
    });
  }

  it('counts the waiting deposits with the oldest one’s time, and what was credited since a moment', async () => {
    rt.clock.set(WEDNESDAY_NOON_MS);
    const admin = await adminToken(rt);
    const empty = await dashboard(admin);
    expect(empty).toMatchObject({
      code: 1,
      data: {
        queues: { deposits: { waiting: 0, oldest_at: '' } },
        since: { deposits: { count: 0, usd: '0' } },
      },
    });

    const { token } = await t.realUser('0');
    const first = await deposit(token, '150.25');
    rt.clock.advance(60_000);
    await deposit(token, '20');
    const waiting = await dashboard(admin);
    expect(waiting.data.queues.deposits).toEqual({ waiting: 2, oldest_at: '2026-11-18 12:00:00' });

    const finance = await staffToken(rt, ['finance']);
    expect(
      (await callApi(rt, 'POST', `/admin/api/deposits/${first.data.id}/approve`, finance, {})).code,
    ).toBe(1);
    const after = await dashboard(finance, WEDNESDAY_NOON_MS);
    expect(after.data.queues.deposits.waiting).toBe(1);
    expect(after.data.since.deposits).toEqual({ count: 1, usd: '150.25' });
    // Decided before the moment asked about: not "today".
    expect((await dashboard(finance, rt.clock.now() + 1)).data.since.deposits.count).toBe(0);
  });

  it('shows the real book’s exposure and floating P/L as the traders’ own figures add up, without demo accounts', async () => {
    rt.clock.advance(1000);
    t.tick('EURUSD', '1.10000', '1.10012');
    const buyer = await t.realUser('10000');
    const seller = await t.realUser('10000');
    const demo = await t.demoUser();
    const eurusd = t.spec('EURUSD').id;
    expect((await t.submit(buyer.token, { type: 1, cont: '1', forex_id: eurusd, status: 1 })).code).toBe(1);
    expect((await t.submit(seller.token, { type: 2, cont: '0.25', forex_id: eurusd, status: 1 })).code).toBe(
      1,
    );
    expect((await t.submit(demo.token, { type: 1, cont: '5', forex_id: eurusd, status: 1 })).code).toBe(1);
    t.tick('EURUSD', '1.10100', '1.10112');

    const book = (await dashboard(await adminToken(rt))).data.book;
    expect(book).toMatchObject({ open_positions: 2, active_traders: 2 });
    // Both real accounts have a margin level now; the demo account is not the broker's risk.
    expect(book.lowest_margin_levels.map((a) => a.user_id).sort()).toEqual([buyer.id, seller.id].sort());
    const exposure = book.exposures.find((e) => e.code === 'EURUSD')!;
    expect(exposure).toMatchObject({ long_lots: '1', short_lots: '0.25', net_lots: '0.75', positions: 2 });
    // Buyer: (1.10100 − 1.10012) × 100,000 = +88; seller: (1.10000 − 1.10112) × 25,000 = −28.
    expect(exposure.floating_pl_usd).toBe('60');
    expect(book.floating_pl_usd).toBe('60');
    expect(rt.trading.floatingMicros(buyer.id) + rt.trading.floatingMicros(seller.id)).toBe(60_000_000n);
    // [R4] The largest position first: the buyer's lot at the bid, 110,100 USD.
    expect(book.largest_positions.map((p) => [p.user_id, p.side, p.lots, p.notional_usd])).toEqual([
      [buyer.id, 'buy', '1', '110100'],
      [seller.id, 'sell', '0.25', '27528'],
    ]);

    // Closing realizes the P/L the book showed; the fees are the broker's.
    const before = (await dashboard(await adminToken(rt), WEDNESDAY_NOON_MS)).data.since;
    const open = await t.myDeal(buyer.token, 1);
    expect((await t.close(buyer.token, open.data.data[0]!.Id)).code).toBe(1);
    const after = (await dashboard(await adminToken(rt), WEDNESDAY_NOON_MS)).data.since;
    expect(Number(after.realized_pl_usd) - Number(before.realized_pl_usd)).toBeCloseTo(88, 6);
    expect(Number(after.fees_usd)).toBeGreaterThan(0);
    expect(after.stop_outs).toEqual({ count: 0, usd: '0' });
  });

  it('answers any staff role and nobody else', async () => {
    const compliance = await staffToken(rt, ['compliance']);
    expect((await dashboard(compliance)).code).toBe(1);
    const { token } = await t.demoUser();
    expect((await dashboard(token)).code).toBe(999);
  });
});
