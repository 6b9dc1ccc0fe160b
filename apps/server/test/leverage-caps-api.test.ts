/**
 * Leverage caps per class of instrument through the HTTP layer: trade_list offers only the leverage
 * under the cap (the cap itself when no option is), every place a leverage is chosen refuses one
 * above it with a message naming the cap, and staff change the caps live, with a reason, audited,
 * while open positions keep their leverage.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Instrument, LeverageCapRow, WireAuditEntry } from '@omp/protocol';
import { adminToken, callApi, staffToken } from './helpers/staff-helpers.ts';
import {
  databaseEngines,
  startTestRuntime,
  WEDNESDAY_NOON_MS,
  type TestRuntime,
} from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';

describe.each(databaseEngines())('leverage caps on %s', (engine) => {
  let rt: TestRuntime;
  let t: ReturnType<typeof tradingClient>;
  let admin: string;

  beforeAll(async () => {
    rt = await startTestRuntime({ engine });
    t = tradingClient(rt);
  });
  afterAll(() => rt.dispose());
  beforeEach(async () => {
    rt.clock.set(Math.max(rt.clock.now() + 1000, WEDNESDAY_NOON_MS));
    t.tick('EURUSD', '1.10000', '1.10012');
    t.tick('USDTRY', '42.50000', '42.53000');
    admin = await adminToken(rt);
  });

  const offered = async (code: string) => {
    const list = await callApi<Instrument[]>(rt, 'GET', '/v1/api/forex/trade_list');
    return list.data.find((i) => i.Code === code)!.HasForexMultiple.map((o) => o.Value);
  };
  const changeCaps = (body: Record<string, unknown>, token = admin) =>
    callApi<LeverageCapRow[]>(rt, 'POST', '/admin/api/leverage_caps', token, body);
  const eurusd = () => t.spec('EURUSD').id;
  const buy = (token: string, multiple: number) =>
    t.submit(token, { type: 1, cont: '0.1', forex_id: eurusd(), status: 1, multiple });

  it('offers only the leverage under each class’s default cap', async () => {
    // Configured [100, 50, 200, 400, 20]: a major pair is capped at 30.
    expect(await offered('EURUSD')).toEqual([20]);
    expect(await offered('USDTRY')).toEqual([20, 10]);
    expect(await offered('XAUUSD')).toEqual([20]);
    expect(await offered('USOIL')).toEqual([10]);
    expect(await offered('US500')).toEqual([20]);
    expect(await offered('BTCUSD')).toEqual([2]);
    const rows = await callApi<LeverageCapRow[]>(rt, 'GET', '/admin/api/leverage_caps', admin);
    expect(rows.data.find((row) => row.class === 'fx_major')).toMatchObject({
      cap: 30,
      default_cap: 30,
      instruments: expect.arrayContaining(['EURUSD', 'USDJPY', 'EURGBP']),
    });
    expect(rows.data.find((row) => row.class === 'fx_other')!.instruments).toContain('AUDUSD');
  });

  it('refuses a leverage above the cap wherever it is chosen, naming the cap', async () => {
    const { token } = await t.demoUser();
    const message = 'The highest leverage allowed on EUR/USD is 30; choose 30 or less';
    expect(await buy(token, 100)).toMatchObject({ code: 0, msg: message });
    const preview = await rt.app.inject({
      method: 'GET',
      url: `/v1/api/forex/risk_preview?forex_id=${eurusd()}&type=1&cont=0.1&multiple=400`,
      headers: { lang: 'en', authorization: token },
    });
    expect(preview.json()).toMatchObject({ code: 0, msg: message });
    // Under the cap but not offered keeps the engine's own refusal.
    expect(await buy(token, 25)).toMatchObject({
      code: 0,
      msg: 'This leverage is not offered for this instrument',
    });
    const held = await buy(token, 20);
    expect(held).toMatchObject({ code: 1, data: { Multiple: 20 } });
    // Without a leverage the order takes the first one offered.
    expect(await t.submit(token, { type: 1, cont: '0.1', forex_id: eurusd(), status: 1 })).toMatchObject({
      code: 1,
      data: { Multiple: 20 },
    });
  });

  it('applies a staff change at once, with a reason, audited; open positions keep their leverage', async () => {
    const { token } = await t.demoUser();
    const open = await buy(token, 20);
    expect(open.code).toBe(1);
    const pending = await t.submit(token, {
      type: 1,
      cont: '0.1',
      forex_id: eurusd(),
      status: 0,
      target_price: '1.05000',
      multiple: 20,
    });
    expect(pending.code).toBe(1);

    const finance = await staffToken(rt, ['finance']);
    expect(await changeCaps({ caps: { fx_major: 10 }, reason: 'New rules' }, finance)).toMatchObject({
      code: 403,
    });
    expect(await changeCaps({ caps: { fx_major: 10 } })).toMatchObject({ code: 422 });
    expect(await changeCaps({ caps: { fx_major: 0 }, reason: 'x' })).toMatchObject({ code: 422 });
    expect(await changeCaps({ caps: { fx_major: 1001 }, reason: 'x' })).toMatchObject({ code: 422 });
    expect(await changeCaps({ caps: { stocks: 5 }, reason: 'x' })).toMatchObject({ code: 422 });

    const saved = await changeCaps({ caps: { fx_major: 10 }, reason: 'Regulator lowered major pairs' });
    expect(saved).toMatchObject({ code: 1, msg: 'Leverage caps saved' });
    expect(saved.data.find((row) => row.class === 'fx_major')!.cap).toBe(10);
    // Every option is above 10: the cap itself is offered, so a ticket always has a leverage.
    expect(await offered('EURUSD')).toEqual([10]);
    expect(await offered('USDTRY')).toEqual([20, 10]);
    expect(await buy(token, 20)).toMatchObject({
      code: 0,
      msg: 'The highest leverage allowed on EUR/USD is 10; choose 10 or less',
    });
    expect(await buy(token, 10)).toMatchObject({ code: 1, data: { Multiple: 10 } });
    // The waiting order cannot move: a move is judged as a new order.
    expect(await t.movePending(token, { id: pending.data.Id, target_price: '1.04000' })).toMatchObject({
      code: 0,
      msg: 'The highest leverage allowed on EUR/USD is 10; choose 10 or less',
    });
    const holding = await t.myDeal(token, 1);
    expect(holding.data.data.find((row) => row.Id === open.data.Id)).toMatchObject({
      Multiple: 20,
      Status: 1,
    });
    expect((await t.close(token, open.data.Id)).code).toBe(1);

    const audit = await callApi<{ list: WireAuditEntry[] }>(
      rt,
      'GET',
      '/admin/api/audit?target_type=leverage_caps',
      admin,
    );
    expect(audit.data.list[0]).toMatchObject({
      action: 'leverage_caps.update',
      before: { fx_major: 30, crypto: 2 },
      after: { fx_major: 10, crypto: 2, reason: 'Regulator lowered major pairs' },
    });

    // Raised above every option: all of them are offered again.
    await changeCaps({ caps: { fx_major: 500 }, reason: 'Professional clients only' });
    expect(await offered('EURUSD')).toEqual([100, 50, 200, 400, 20]);
    expect(await buy(token, 400)).toMatchObject({ code: 1, data: { Multiple: 400 } });
    await changeCaps({ caps: { fx_major: 30 }, reason: 'Back to the default' });
    expect(await offered('EURUSD')).toEqual([20]);
  });
});
