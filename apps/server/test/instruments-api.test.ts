/**
 * Instruments in the back office: staff change an instrument's terms and the very next quote,
 * order and phone use them (no restart), each change audited with only what changed, admins only.
 * A halt refuses new orders and still lets traders close; terms that break the engine's rules
 * (SPEC.md I1–I6) are refused by name and change nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Instrument, WireAuditEntry, WireStaffInstrument } from '@omp/protocol';
import { RecordingClient } from './helpers/recording-client.ts';
import { adminToken, callApi, staffToken } from './helpers/staff-helpers.ts';
import {
  databaseEngines,
  startTestRuntime,
  WEDNESDAY_NOON_MS,
  type TestRuntime,
  WITH_HISTORY,
} from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';
import { liftLeverageCaps } from './helpers/leverage-helpers.ts';

const INGEST_SECRET = 'instrument-tests-ingest-secret';

describe.each(databaseEngines())('instruments on %s', (engine) => {
  let rt: TestRuntime;
  let t: ReturnType<typeof tradingClient>;
  let admin: string;

  beforeAll(async () => {
    rt = await startTestRuntime({ engine, env: { INGEST_SECRET, ...WITH_HISTORY } });
    await liftLeverageCaps(rt);
    t = tradingClient(rt);
    admin = await adminToken(rt);
  });
  afterAll(() => rt.dispose());
  beforeEach(() => {
    rt.clock.set(Math.max(rt.clock.now() + 1000, WEDNESDAY_NOON_MS));
    t.tick('EURUSD', '1.10000', '1.10012');
    t.tick('GBPUSD', '1.25000', '1.25020');
  });

  const change = (id: number, body: Record<string, unknown>, token = admin) =>
    callApi<WireStaffInstrument>(rt, 'POST', `/admin/api/instruments/${id}`, token, body);
  const staffList = async () =>
    (await callApi<WireStaffInstrument[]>(rt, 'GET', '/admin/api/instruments', admin)).data;
  const phoneList = async (lang = 'en') =>
    (await rt.app.inject({ method: 'GET', url: '/v1/api/forex/trade_list', headers: { lang } })).json<{
      data: Instrument[];
    }>().data;
  const lastAudit = async (id: number) =>
    (
      await callApi<{ list: WireAuditEntry[] }>(
        rt,
        'GET',
        `/admin/api/audit?target_type=instrument&target_id=${id}`,
        admin,
      )
    ).data.list[0];

  const ingest = async (code: string, bid: string) => {
    const res = await rt.app.inject({
      method: 'POST',
      url: '/v1/api/forex/ingest',
      headers: { 'content-type': 'application/json', 'x-ingest-secret': INGEST_SECRET, lang: 'en' },
      payload: JSON.stringify({ ticks: [{ code, bid, time: rt.clock.now() }] }),
    });
    expect(res.json()).toMatchObject({ code: 1 });
  };

  it('quotes with a new spread from the next tick, and says so in the instrument list', async () => {
    const eurusd = rt.market.instrumentByCode('EURUSD')!;
    rt.clock.advance(1000);
    await ingest('EURUSD', '1.10000');
    const before = rt.market.currentQuote(eurusd.id)!;
    expect(before.ask - before.bid).toBe(eurusd.spreadPoints);

    expect(await change(eurusd.id, { spread_points: 50 })).toMatchObject({
      code: 1,
      msg: 'Instrument saved: quotes use it from the next tick',
      data: { code: 'EURUSD', spread_points: 50 },
    });
    rt.clock.advance(1000);
    await ingest('EURUSD', '1.10000');
    expect(rt.market.currentQuote(eurusd.id)!).toMatchObject({ bid: 110_000, ask: 110_050 });
    expect((await phoneList()).find((i) => i.Code === 'EURUSD')!.Spread).toBe(50);
    // The audit row carries only what changed, with the code to say which instrument.
    expect(await lastAudit(eurusd.id)).toMatchObject({
      action: 'instrument.change',
      before: { code: 'EURUSD', spread_points: before.ask - before.bid },
      after: { code: 'EURUSD', spread_points: 50 },
    });
    expect(Object.keys((await lastAudit(eurusd.id))!.after!)).toEqual(['code', 'spread_points']);
    await change(eurusd.id, { spread_points: eurusd.spreadPoints });
  });

  it('halts new orders at once, lets the trader close what is open, and resumes', async () => {
    const { token } = await t.realUser('10000');
    const gbpusd = t.spec('GBPUSD');
    const open = await t.submit(token, { type: 1, cont: '0.1', forex_id: gbpusd.id, status: 1 });
    expect(open.code).toBe(1);

    await rt.app.listen({ port: 0, host: '127.0.0.1' });
    const address = rt.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const phone = new RecordingClient(`ws://127.0.0.1:${address.port}/v1/ws?lang=en`);
    await phone.open();
    phone.send({ type: 'sub', params: 'DAY_MARKET.GBPUSD' });
    await phone.waitFor((m) => typeof m === 'object' && m.type === 'sub_result');

    const halted = await change(gbpusd.id, { enabled: false });
    expect(halted.data).toMatchObject({ enabled: false, open_orders: 1 });
    // The phone hears it without a tick: told to refetch, and the quote says closed.
    await phone.waitFor(
      (m) => typeof m === 'object' && m.type === 'INSTRUMENT_CHANGED' && m.symbol === 'GBPUSD',
    );
    await phone.waitFor(
      (m) =>
        typeof m === 'object' &&
        m.type === 'DAY_MARKET' &&
        (m.quotation as { MarketStatus: number }).MarketStatus === 2,
    );
    phone.close();
    expect((await phoneList()).find((i) => i.Code === 'GBPUSD')).toMatchObject({
      TradingHalted: true,
      MarketStatus: 2,
    });

    for (const status of [1, 0]) {
      const refused = await t.submit(token, {
        type: 1,
        cont: '0.1',
        forex_id: gbpusd.id,
        status,
        ...(status === 0 ? { target_price: '1.20000' } : {}),
      });
      expect(refused).toMatchObject({
        code: 0,
        msg: 'The broker has halted new orders in this instrument. Open positions can still be closed.',
      });
    }
    expect((await t.close(token, open.data.Id)).code).toBe(1);

    expect((await change(gbpusd.id, { enabled: true })).data.enabled).toBe(true);
    expect((await t.submit(token, { type: 1, cont: '0.1', forex_id: gbpusd.id, status: 1 })).code).toBe(1);
    expect((await phoneList()).find((i) => i.Code === 'GBPUSD')).toMatchObject({ TradingHalted: false });
  });

  it('applies lots, leverage, fee and hours to the next order, and names in every language', async () => {
    const { token } = await t.realUser('10000');
    const eurusd = t.spec('EURUSD');
    const changed = await change(eurusd.id, {
      min_lots: '0.1',
      lot_step: '0.1',
      max_lots: '5',
      leverage_options: [50, 10, 100],
      fee_rate: '0.0002',
      names: { en: 'Euro vs US Dollar', de: 'Euro / US-Dollar' },
    });
    expect(changed.data).toMatchObject({
      min_lots: '0.1',
      lot_step: '0.1',
      leverage_options: [50, 10, 100],
      names: { en: 'Euro vs US Dollar', de: 'Euro / US-Dollar' },
    });
    const tooSmall = await t.submit(token, { type: 1, cont: '0.05', forex_id: eurusd.id, status: 1 });
    expect(tooSmall).toMatchObject({ code: 0, msg: "The lot size is below this instrument's minimum" });
    const refusedLeverage = await t.submit(token, {
      type: 1,
      cont: '0.1',
      forex_id: eurusd.id,
      status: 1,
      multiple: 200,
    });
    expect(refusedLeverage).toMatchObject({
      code: 0,
      msg: 'This leverage is not offered for this instrument',
    });
    const placed = await t.submit(token, { type: 1, cont: '0.1', forex_id: eurusd.id, status: 1 });
    expect(placed.code).toBe(1);
    // The first option is the default: margin 0.1 × 100,000 × 1.10012 / 50, and the fee (the
    // seed's fee type 2) is 0.0002 of that margin.
    expect(placed.data).toMatchObject({ Multiple: 50, CautionMoney: 220.024, TradeFee: 0.044005 });
    expect((await phoneList('de')).find((i) => i.Code === 'EURUSD')).toMatchObject({
      Name: 'Euro / US-Dollar',
      ForexMinCont: 0.1,
    });
    expect((await phoneList('jp')).find((i) => i.Code === 'EURUSD')!.Name).toBe('Euro vs US Dollar');
    await t.close(token, placed.data.Id);

    // Closed all week but Wednesday 00:00–01:00: the market is closed at noon.
    const hours = await change(eurusd.id, { schedule: [{ from: 3 * 1440, to: 3 * 1440 + 60 }] });
    expect(hours.data.schedule).toEqual([{ from: 4320, to: 4380 }]);
    expect((await t.submit(token, { type: 1, cont: '0.1', forex_id: eurusd.id, status: 1 })).msg).toBe(
      'The market for this instrument is closed',
    );
    await change(eurusd.id, {
      schedule: eurusd.schedule.map(({ from, to }) => ({ from, to })),
      min_lots: eurusd.minLots,
      lot_step: eurusd.lotStep,
      max_lots: eurusd.maxLots,
      leverage_options: [...eurusd.leverageOptions],
      fee_rate: eurusd.feeRate,
      names: { de: '' },
    });
    expect((await staffList()).find((i) => i.code === 'EURUSD')!.names).toEqual({ en: 'Euro vs US Dollar' });

    // A logo of the broker's own, on the phone's list and on its orders alike.
    await change(eurusd.id, { logo: 'https://cdn.example.com/logos/eurusd.png' });
    expect((await phoneList()).find((i) => i.Code === 'EURUSD')!.Logo).toBe(
      'https://cdn.example.com/logos/eurusd.png',
    );
    expect(await change(eurusd.id, { logo: 'javascript:alert(1)' })).toMatchObject({ code: 422 });
    expect(await change(eurusd.id, { logo: '//evil.example/x.png' })).toMatchObject({ code: 422 });
    await change(eurusd.id, { logo: '/logos/eurusd.svg' });
    expect((await phoneList()).find((i) => i.Code === 'EURUSD')!.Logo).toBe('/logos/eurusd.svg');
  });

  it('refuses terms the engine cannot trade on, by name, and changes nothing', async () => {
    const id = t.spec('USDJPY').id;
    const before = (await staffList()).find((i) => i.id === id)!;
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ min_lots: '60' }, 'The minimum lots are above the maximum'],
      [{ min_lots: '0.015' }, 'The minimum and maximum lots must be whole lot steps'],
      [
        { leverage_options: [100, 100] },
        'Leverage options must be whole numbers from 1 to 1000, at least one, none twice',
      ],
      [{ fee_rate: '0.5' }, 'The fee rate must be a decimal from 0 to 0.1'],
      [
        {
          schedule: [
            { from: 100, to: 700 },
            { from: 600, to: 800 },
          ],
        },
        'Two trading sessions overlap',
      ],
      [
        { price_precision: before.price_precision + 1 },
        expect.stringContaining('Halt new orders in this instrument first'),
      ],
      [{ category_id: 999 }, 'There is no category with id 999'],
    ] as Array<[Record<string, unknown>, string]>;
    for (const [body, msg] of refusals) expect(await change(id, body)).toMatchObject({ msg, data: null });
    expect(await change(id, { leverage_options: [] })).toMatchObject({ code: 422 });
    expect(await change(id, { spread: 5 })).toMatchObject({
      code: 422,
      msg: 'This call does not take the field(s) spread',
    });
    expect(await change(id, {})).toMatchObject({ code: 422 });
    expect((await staffList()).find((i) => i.id === id)).toEqual(before);
  });

  it('keeps the contract size while orders are open, and changes it once they are closed', async () => {
    const { token } = await t.realUser('10000');
    const eurusd = t.spec('EURUSD');
    const placed = await t.submit(token, { type: 1, cont: '0.1', forex_id: eurusd.id, status: 1 });
    const refused = await change(eurusd.id, { contract_size: 1000 });
    expect(refused.msg).toMatch(/orders are open in this instrument/);
    expect(rt.market.instrumentById(eurusd.id)!.contractSize).toBe(eurusd.contractSize);
    await t.close(token, placed.data.Id);
    // Every EUR/USD order is closed now (the other tests close theirs).
    expect((await staffList()).find((i) => i.id === eurusd.id)!.open_orders).toBe(0);
    expect((await change(eurusd.id, { contract_size: 1000 })).data.contract_size).toBe(1000);
    expect(rt.market.instrumentById(eurusd.id)!.contractSize).toBe(1000);
    expect(rt.trading.board.instrument(eurusd.id)!.contractSize).toBe(1000);
    await change(eurusd.id, { contract_size: eurusd.contractSize });
  });

  it('changes a price precision only while halted with nothing open; every stored price keeps its value', async () => {
    const admin = await adminToken(rt);
    const { token, id: userId } = await t.realUser('10000');
    const audcad = t.spec('AUDCAD');
    expect(audcad.pricePrecision).toBe(5);
    t.tick('AUDCAD', '0.91230', '0.91256');
    const placed = await t.submit(token, { type: 1, cont: '0.1', forex_id: audcad.id, status: 1 });
    expect(placed.code).toBe(1);
    expect(await change(audcad.id, { price_precision: 6 })).toMatchObject({
      code: 0,
      msg: expect.stringContaining('Halt new orders in this instrument first'),
    });
    await change(audcad.id, { enabled: false });
    expect((await change(audcad.id, { price_precision: 6 })).msg).toMatch(
      /orders are open in this instrument/,
    );
    rt.clock.advance(1000);
    t.tick('AUDCAD', '0.91300', '0.91326');
    expect((await t.close(token, placed.data.Id)).code).toBe(1);
    await rt.trading.idle();
    const bars = async () =>
      (
        await rt.app.inject({
          method: 'GET',
          url: `/v1/api/forex/kline?forex_id=${audcad.id}&period=1M&limit=5`,
          headers: { lang: 'en' },
        })
      ).json<{ data: Array<{ Open: number; Close: number; High: number; Low: number }> }>().data;
    const history = async () =>
      (
        await callApi<{
          data: Array<{ OriginPrice: number; Price: number; TargetLossPrice: number; FactProfits: number }>;
        }>(rt, 'GET', `/admin/api/users/${userId}/orders?status=3`, admin)
      ).data.data.map(({ OriginPrice, Price, TargetLossPrice, FactProfits }) => ({
        OriginPrice,
        Price,
        TargetLossPrice,
        FactProfits,
      }));
    const barsBefore = await bars();
    const historyBefore = await history();
    const quoteBefore = rt.market.currentQuote(audcad.id)!;

    const changed = await change(audcad.id, { price_precision: 6 });
    expect(changed.data).toMatchObject({ price_precision: 6, spread_points: 260 });
    // The same prices, in points of the new precision: bars, the closed order, the live quote.
    expect(await bars()).toEqual(barsBefore);
    expect(await history()).toEqual(historyBefore);
    expect(historyBefore[0]).toMatchObject({ OriginPrice: 0.91256, Price: 0.913 });
    expect(rt.market.currentQuote(audcad.id)).toMatchObject({
      bid: quoteBefore.bid * 10,
      ask: quoteBefore.ask * 10,
    });
    expect((await phoneList()).find((i) => i.Code === 'AUDCAD')).toMatchObject({ PricePrecision: 6 });

    // Trading again: a price with six decimals is a price now.
    await change(audcad.id, { enabled: true });
    rt.clock.advance(1000);
    t.tick('AUDCAD', '0.913001', '0.913261');
    const again = await t.submit(token, { type: 1, cont: '0.1', forex_id: audcad.id, status: 1 });
    expect(again.data).toMatchObject({ OriginPrice: 0.913261 });
    await t.close(token, again.data.Id);
    await t.expectLedgerBalanced(userId);

    // And back to five decimals, rounding half up: 0.913261 → 0.91326.
    await change(audcad.id, { enabled: false });
    expect(await change(audcad.id, { price_precision: 5 })).toMatchObject({ code: 1 });
    expect(await callApi(rt, 'GET', `/admin/api/users/${userId}/orders?status=3`, admin)).toMatchObject({
      code: 1,
    });
    expect((await history())[0]).toMatchObject({ OriginPrice: 0.91326 });
    await change(audcad.id, { enabled: true });
  });

  it('lets only admins change an instrument; every staff role reads them', async () => {
    const finance = await staffToken(rt, ['finance']);
    const support = await staffToken(rt, ['support']);
    const id = t.spec('USDJPY').id;
    for (const token of [finance, support])
      expect((await callApi(rt, 'GET', '/admin/api/instruments', token)).code).toBe(1);
    expect(await change(id, { spread_points: 5 }, finance)).toMatchObject({ code: 403 });
    expect(await change(id, { enabled: false }, support)).toMatchObject({ code: 403 });
    expect(await change(99999, { spread_points: 5 })).toMatchObject({
      code: 404,
      msg: 'There is no instrument with id 99999',
    });
  });
});
