/**
 * How a submit names its retry key (http/idempotency-key.ts), through the HTTP layer on a real
 * database: a blank `Idempotency-Key` header is refused rather than read as "no key", and a header
 * and a `client_order_id` that differ are refused, because a retry carrying only one of them would
 * place the order again. A header sent twice, or with characters other than printable ASCII, is
 * refused: it would not arrive as the same key on a retry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderRow } from '@omp/protocol';
import type { EnvelopeBody } from './helpers/account-helpers.ts';
import { liftLeverageCaps } from './helpers/leverage-helpers.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';

const INVALID_KEY = { code: 422, msg: 'The idempotency key must be 1 to 64 characters', data: null };
const UNREADABLE_KEY = {
  code: 422,
  msg: 'Send the Idempotency-Key header once, in printable ASCII characters only (letters, digits, punctuation)',
  data: null,
};
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
  const submit = async (token: string, body: object, headers: Record<string, string | string[]> = {}) => {
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

  it.each([
    ['sent twice', ['key-1', 'key-2']],
    ['sent twice alike', ['key-1', 'key-1']],
    ['non-ASCII', 'ключ-1'],
    ['Latin-1, as UTF-8 bytes arrive', 'Ã©'],
    ['with a tab', 'a\tb'],
    ['with a control character', 'a\u0001b'],
  ])('refuses a header %s, placing nothing', async (_case, header) => {
    const { token } = await t.realUser('10000');
    for (let i = 0; i < 2; i++)
      expect(await submit(token, order(), { 'idempotency-key': header })).toEqual(UNREADABLE_KEY);
    expect(await openOrders(token)).toBe(0);
  });

  it('takes a header key with inner spaces and punctuation, and any case of the header name', async () => {
    const { token } = await t.realUser('10000');
    const first = await submit(token, order(), { 'Idempotency-Key': 'order 1: "buy" ~ #1' });
    expect(first.code, first.msg).toBe(1);
    expect(await submit(token, order(), { 'IDEMPOTENCY-KEY': 'order 1: "buy" ~ #1' })).toEqual(first);
    expect(await openOrders(token)).toBe(1);
  });

  it.each([
    ['both', { 'idempotency-key': 'k-1' }],
    ['the body', {}],
  ])(
    'replays a retry sending the key in the header alone after one sending it in %s',
    async (_case, headers) => {
      const { token } = await t.realUser('10000');
      const first = await submit(token, { ...order(), client_order_id: 'k-1' }, headers);
      expect(first.code, first.msg).toBe(1);
      expect(await submit(token, order(), { 'idempotency-key': 'k-1' })).toEqual(first);
      // And the other way round: the key in the body alone after the header alone.
      const second = await submit(token, order(), { 'idempotency-key': 'k-2' });
      expect(second.code, second.msg).toBe(1);
      expect(await submit(token, { ...order(), client_order_id: 'k-2' })).toEqual(second);
      expect(await openOrders(token)).toBe(2);
      // Still one request per key: another body with the key in the body alone is refused.
      expect(await submit(token, { ...order(), cont: '0.02', client_order_id: 'k-1' })).toMatchObject({
        code: 422,
        msg: 'This idempotency key was already used for another request',
      });
    },
  );
});
