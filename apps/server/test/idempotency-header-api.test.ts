/**
 * How a submit names its retry key (http/idempotency-key.ts), through the HTTP layer on a real
 * database: a blank `Idempotency-Key` header is refused rather than read as "no key", and a header
 * and a `client_order_id` that differ are refused, because a retry carrying only one of them would
 * place the order again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderRow } from '@omp/protocol';
import type { EnvelopeBody } from './helpers/account-helpers.ts';
import { liftLeverageCaps } from './helpers/leverage-helpers.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';

const INVALID_KEY = { code: 422, msg: 'The idempotency key must be 1 to 64 characters', data: null };
const KEYS_DIFFER = {
  code: 422,
  msg: 'The Idempotency-Key header and client_order_id differ: send one key, or the same key in both',
  data: null,
};

describe.each(databaseEngines())('the idempotency key of a submit on %s', (engine) => {
  let rt: TestRuntime;
  let t: ReturnType<typeof tradingClient>;

  beforeAll(async () => {
    rt = await startTestRuntime({ engine });
    await liftLeverageCaps(rt);
    t = tradingClient(rt);
    t.tick('EURUSD', '1.10000', '1.10012');
  });
  afterAll(() => rt.dispose());

  const order = () => ({ type: 1, cont: '0.01', forex_id: t.spec('EURUSD').id, status: 1 });

  /** A JSON submit with exactly the headers given. */
  const submit = async (token: string, body: object, headers: Record<string, string> = {}) => {
    const res = await rt.app.inject({
      method: 'POST',
      url: '/v1/api/forex/submit',
      headers: { lang: 'en', authorization: token, 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(body),
    });
    return res.json() as EnvelopeBody<OrderRow>;
  };
  const openOrders = async (token: string) => (await t.myDeal(token, 1)).data.total;

  it.each([
    ['empty', ''],
    ['spaces', '   '],
  ])('refuses a header that is %s, so two sends never place two orders', async (_case, header) => {
    const { token } = await t.realUser('10000');
    for (let i = 0; i < 2; i++)
      expect(await submit(token, order(), { 'idempotency-key': header })).toEqual(INVALID_KEY);
    // Also beside a body key: the blank header is not passed over for it.
    expect(
      await submit(token, { ...order(), client_order_id: 'c-1' }, { 'idempotency-key': header }),
    ).toEqual(INVALID_KEY);
    expect(await openOrders(token)).toBe(0);
  });

  it('refuses a header and a client_order_id that differ, placing nothing', async () => {
    const { token } = await t.realUser('10000');
    const body = { ...order(), client_order_id: 'body-key' };
    expect(await submit(token, body, { 'idempotency-key': 'header-key' })).toEqual(KEYS_DIFFER);
    expect(await openOrders(token)).toBe(0);
  });

  it('takes the same key in both, and a retry with either alone replays the first answer', async () => {
    const { token } = await t.realUser('10000');
    const body = { ...order(), client_order_id: 'both-key' };
    const first = await submit(token, body, { 'idempotency-key': 'both-key' });
    expect(first.code, first.msg).toBe(1);
    const retry = await submit(token, body);
    expect(retry).toEqual(first);
    expect(await openOrders(token)).toBe(1);
  });
});
