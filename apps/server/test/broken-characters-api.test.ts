/**
 * Lone UTF-16 surrogates (a JSON `"\ud800"` escape) through the HTTP layer on a real database:
 * refused by the rule every request part passes (requestPartFault), never stored as U+FFFD, which
 * silently changed the text and made different retry keys one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnvelopeBody } from './helpers/account-helpers.ts';
import { adminToken } from './helpers/staff-helpers.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';

const brokenIn = (field: string) => ({
  code: 422,
  msg: `${field} contains a broken character (bytes that are not valid UTF-8, or an unpaired surrogate)`,
  data: null,
});

describe.each(databaseEngines())('broken characters on %s', (engine) => {
  let rt: TestRuntime;
  let t: ReturnType<typeof tradingClient>;
  let admin: string;

  beforeAll(async () => {
    rt = await startTestRuntime({ engine });
    t = tradingClient(rt);
    admin = await adminToken(rt);
    t.tick('EURUSD', '1.10000', '1.10012');
  });
  afterAll(() => rt.dispose());

  /** JSON as a client writes it: the escapes stay escapes on the wire, as JSON.stringify keeps them. */
  const post = async (url: string, token: string, body: object) => {
    const res = await rt.app.inject({
      method: 'POST',
      url,
      headers: { lang: 'en', authorization: token, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    return res.json() as EnvelopeBody;
  };
  const order = () => ({ type: 1, cont: '0.01', forex_id: t.spec('EURUSD').id, status: 1 });

  it('refuses a retry key with a lone surrogate, so it never becomes another key', async () => {
    const { token } = await t.realUser('10000');
    for (const key of ['\ud800', '\udfff', 'a\ud83d'])
      expect(await post('/v1/api/forex/submit', token, { ...order(), client_order_id: key })).toEqual(
        brokenIn('client_order_id'),
      );
    expect((await t.myDeal(token, 1)).data.total).toBe(0);
    // The replacement character itself, and a whole pair (an emoji), are text like any other.
    for (const key of ['\ufffd', '🔑'])
      expect((await post('/v1/api/forex/submit', token, { ...order(), client_order_id: key })).code).toBe(1);
    expect((await t.myDeal(token, 1)).data.total).toBe(2);
  });

  it('refuses one in any text, nested or in a key, naming the field', async () => {
    expect(
      await post('/admin/api/news', admin, { texts: { en: { title: 'News \udc00', content: '' } } }),
    ).toEqual(brokenIn('texts.en.title'));
    expect(await post('/admin/api/settings', admin, { 'main_mode\ud800': 'trade' })).toEqual(
      brokenIn('main_mode\ufffd'),
    );
  });
});
