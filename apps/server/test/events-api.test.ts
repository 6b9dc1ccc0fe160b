/**
 * The one event bus through the HTTP layer: what a user does and what staff decide is announced
 * once it is committed, for the socket hub today and for other nodes and the back office later.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEvents, AppEventType } from '../src/events/event-bus.ts';
import { RecordingClient } from './helpers/recording-client.ts';
import { moneyClient, uploadImage, type DepositRecord } from './helpers/money-helpers.ts';
import { callApi, staffToken } from './helpers/staff-helpers.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';

const TYPES: AppEventType[] = [
  'quote',
  'kline',
  'trading_updates',
  'money_decided',
  'identity_decided',
  'settings_changed',
  'session_ended',
];

describe.each(databaseEngines())('the event bus on %s', (engine) => {
  let rt: TestRuntime;
  const heard: Array<{ type: AppEventType; event: AppEvents[AppEventType] }> = [];
  const of = <T extends AppEventType>(type: T) =>
    heard.filter((entry) => entry.type === type).map((entry) => entry.event as AppEvents[T]);

  beforeAll(async () => {
    rt = await startTestRuntime({ engine });
    for (const type of TYPES) rt.events.subscribe(type, (event) => heard.push({ type, event }));
  });
  afterAll(() => rt?.dispose());

  it('announces quotes and bars when the market flushes', async () => {
    heard.length = 0;
    tradingClient(rt).tick('EURUSD', '1.10000', '1.10010');
    await rt.market.flush();
    expect(of('quote').map((event) => event.code)).toContain('EURUSD');
    expect(of('kline').some((event) => event.code === 'EURUSD' && event.period === '1M')).toBe(true);
  });

  it('announces a committed order to its user, and a logout as the end of that session', async () => {
    const t = tradingClient(rt);
    const { token, id } = await t.realUser('10000');
    t.tick('EURUSD', '1.10000', '1.10010');
    heard.length = 0;
    const placed = await t.submit(token, { type: 1, cont: '0.01', forex_id: t.spec('EURUSD').id, status: 1 });
    expect(placed.code).toBe(1);
    expect(of('trading_updates').flatMap((event) => event.updates)).toContainEqual({
      userId: id,
      message: { type: 'FOREX_ORDER', orders: [expect.objectContaining({ Id: placed.data.Id })] },
    });
    await callApi(rt, 'POST', '/api/user/logout', token);
    expect(of('session_ended')).toContainEqual(expect.objectContaining({ userId: id, reason: 'logout' }));
  });

  it('announces staff decisions on money and identity, and settings changes, after they commit', async () => {
    const m = moneyClient(rt);
    const { token, id } = await tradingClient(rt).realUser('0');
    const finance = await staffToken(rt, ['finance']);
    const admin = await staffToken(rt, ['admin']);
    heard.length = 0;

    await m.requireIdentity(false);
    expect(of('settings_changed')).toEqual([
      { keys: ['withdraw_requires_identity'], values: { withdraw_requires_identity: '0' } },
    ]);

    const proof = await uploadImage(rt, token);
    const [network] = (await m.get<Array<{ id: number }>>('/api/quickCharge/info', token)).data;
    const deposit = await m.post<DepositRecord>('/api/quickCharge/submit', token, {
      number: '50',
      proofImg: proof.data.url,
      charge_id: network!.id,
    });
    expect(of('money_decided')).toEqual([]);
    // The phone is open on the account: the credit reaches it at once, not at the next poll.
    await rt.app.listen({ port: 0, host: '127.0.0.1' });
    const address = rt.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const phone = new RecordingClient(`ws://127.0.0.1:${address.port}/v1/ws?lang=en`);
    await phone.open();
    phone.send({ type: 'login', params: token });
    await phone.waitFor((m) => typeof m === 'object' && m.type === 'login_result');
    phone.send({ type: 'sub', params: 'FOREX_TRADE' });
    await phone.waitFor((m) => typeof m === 'object' && m.type === 'FOREX_TRADE');
    const approved = await callApi(rt, 'POST', `/admin/api/deposits/${deposit.data.id}/approve`, finance);
    expect(approved.code).toBe(1);
    await phone.waitFor(
      (m) =>
        typeof m === 'object' &&
        m.type === 'FOREX_TRADE' &&
        (m.account as { balance: number }).balance === 50,
    );
    // And a word to fetch the records again, whatever screen is open.
    await phone.waitFor((m) => typeof m === 'object' && m.type === 'ACCOUNT_CHANGED' && m.what === 'deposit');
    // A balance adjustment by staff reaches the phone the same way.
    expect(
      (
        await callApi(rt, 'POST', `/admin/api/users/${id}/adjust`, finance, {
          amount: '5',
          reason: 'Goodwill',
        })
      ).code,
    ).toBe(1);
    await phone.waitFor((m) => typeof m === 'object' && m.type === 'ACCOUNT_CHANGED' && m.what === 'balance');
    await phone.waitFor(
      (m) =>
        typeof m === 'object' &&
        m.type === 'FOREX_TRADE' &&
        (m.account as { balance: number }).balance === 55,
    );
    phone.close();
    expect(of('money_decided')).toEqual([
      { userId: id, action: 'deposit.approve', targetId: deposit.data.id, staffId: expect.any(Number) },
      { userId: id, action: 'user.adjust_balance', targetId: id, staffId: expect.any(Number) },
    ]);

    const front = await uploadImage(rt, token);
    const back = await uploadImage(rt, token, undefined, 'back.png');
    const submitted = await callApi(rt, 'POST', '/api/user_real/real_name', token, {
      name: 'Ana Lopez',
      card_id: 'x7654321',
      front_pic: front.data.url,
      reverse_pic: back.data.url,
    });
    expect(submitted.code).toBe(1);
    const compliance = await staffToken(rt, ['compliance']);
    const waiting = await callApi<{ list: Array<{ id: number }> }>(
      rt,
      'GET',
      `/admin/api/identity?user_id=${id}`,
      compliance,
    );
    const submission = waiting.data.list[0]!.id;
    const decided = await callApi(rt, 'POST', `/admin/api/identity/${submission}/approve`, admin);
    expect(decided.code).toBe(1);
    expect(of('identity_decided')).toEqual([
      { userId: id, action: 'identity.approve', targetId: submission, staffId: expect.any(Number) },
    ]);
  });
});
