/**
 * Whole numbers of a request (fields.ts wholeNumber) through the HTTP layer on a real database: a
 * JSON integer or text of digits is a number; null, booleans, lists, fractions and hex, binary,
 * exponent or padded text are refused, never read as the number JavaScript's Number() makes of
 * them (an order on an instrument nobody named, a safety setting saved as 0); an empty field is
 * an absent one, in a body and in a query.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../src/i18n/translate.ts';
import type { EnvelopeBody } from './helpers/account-helpers.ts';
import { liftLeverageCaps } from './helpers/leverage-helpers.ts';
import { adminToken, callApi, staffToken } from './helpers/staff-helpers.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';

const notWhole = (field: string) => ({
  code: 422,
  msg: `${field} must be a whole number written in digits, such as 12`,
  data: null,
});

describe.each(databaseEngines())('whole numbers on %s', (engine) => {
  let rt: TestRuntime;
  let t: ReturnType<typeof tradingClient>;
  let user: { token: string; id: number };
  let eurusd: number;

  beforeAll(async () => {
    rt = await startTestRuntime({ engine });
    await liftLeverageCaps(rt);
    t = tradingClient(rt);
    user = await t.realUser('100000');
    eurusd = t.spec('EURUSD').id;
    t.tick('EURUSD', '1.10000', '1.10012');
  });
  afterAll(() => rt.dispose());

  /** Every order of the user, open, pending and closed: a refusal must place none. */
  const orderCount = async () => {
    let count = 0;
    for (const status of [0, 1, 3] as const) count += (await t.myDeal(user.token, status)).data.total;
    return count;
  };
  const pending = () => ({ type: 1, cont: '0.01', forex_id: eurusd, status: 0, target_price: '1.00000' });

  it.each([
    ['status', null],
    ['status', true],
    ['status', []],
    ['status', [0]],
    ['status', {}],
    ['status', 0.5],
    ['type', true],
    ['forex_id', 'HEX'],
    ['forex_id', 'BINARY'],
    ['forex_id', 'EXPONENT'],
    ['forex_id', 'LIST'],
    ['forex_id', 'PADDED'],
    ['forex_id', '+ID'],
    ['forex_id', 'ID.0'],
  ] as const)('refuses an order whose %s is %j, placing none', async (field, given) => {
    // The instrument's id is only known here: the cases name the forms it is written in.
    const forms: Record<string, unknown> = {
      HEX: `0x${eurusd.toString(16)}`,
      BINARY: `0b${eurusd.toString(2)}`,
      EXPONENT: `${eurusd / 10}e1`,
      LIST: [eurusd],
      PADDED: ` ${eurusd} `,
      '+ID': `+${eurusd}`,
      'ID.0': `${eurusd}.0`,
    };
    const value = typeof given === 'string' && given in forms ? forms[given] : given;
    const before = await orderCount();
    // As JSON, and as a form where the value has a form's text.
    const json = await callApi(rt, 'POST', '/v1/api/forex/submit', user.token, {
      ...pending(),
      [field]: value,
    });
    expect(json).toEqual(notWhole(field));
    if (typeof value === 'string')
      expect(await t.submit(user.token, { ...pending(), [field]: value })).toEqual(notWhole(field));
    expect(await orderCount()).toBe(before);
  });

  it('refuses an empty required number as missing, and places an order given digits as text', async () => {
    const empty = { ...pending(), status: '' };
    expect(await callApi(rt, 'POST', '/v1/api/forex/submit', user.token, empty)).toEqual({
      code: 422,
      msg: 'status is required',
      data: null,
    });
    const placed = await t.submit(user.token, {
      ...pending(),
      type: '1',
      forex_id: String(eurusd),
      status: '0',
    });
    expect(placed.code, placed.msg).toBe(1);
    expect(placed.data.ForexId).toBe(eurusd);
  });

  it('closes no order named in hex', async () => {
    const placed = await t.submit(user.token, { type: 1, cont: '0.01', forex_id: eurusd, status: 1 });
    expect(placed.code, placed.msg).toBe(1);
    const hex = `0x${placed.data.Id.toString(16)}`;
    const answer = await callApi(rt, 'POST', '/v1/api/forex/close', user.token, { id: hex });
    expect(answer).toEqual(notWhole('id'));
    expect((await t.myDeal(user.token, 1)).data.data.map((row) => row.Id)).toContain(placed.data.Id);
  });

  it('credits no user named in hex in the path', async () => {
    const finance = await staffToken(rt, ['finance']);
    const answer = await callApi(rt, 'POST', `/admin/api/users/0x${user.id.toString(16)}/adjust`, finance, {
      amount: '5',
      reason: 'Goodwill',
    });
    expect(answer).toEqual(notWhole('id'));
  });

  it('saves no safety setting as 0 from null or an empty field', async () => {
    const admin = await adminToken(rt);
    const settings = async () =>
      (await callApi<{ settings: Record<string, string> }>(rt, 'GET', '/admin/api/settings', admin)).data
        .settings;
    const before = await settings();
    expect(
      await callApi(rt, 'POST', '/admin/api/settings', admin, { withdraw_requires_identity: null }),
    ).toEqual(notWhole('withdraw_requires_identity'));
    expect((await callApi(rt, 'POST', '/admin/api/settings', admin, { payout_cooling_hours: '' })).code).toBe(
      422,
    );
    expect(await settings()).toEqual(before);
  });

  it('reads an empty query field as absent: the default, or "is required"', async () => {
    const get = (url: string) => callApi<{ page: number }>(rt, 'GET', url, user.token);
    const page = await get('/v1/api/forex/my_deal?status=1&page=&page_size=');
    expect(page.code, page.msg).toBe(1);
    expect(page.data.page).toBe(1);
    expect(await get('/v1/api/forex/my_deal?status=')).toEqual({
      code: 422,
      msg: 'status is required',
      data: null,
    });
    expect(await get('/v1/api/forex/my_deal?status=1&page=0x2')).toEqual(notWhole('page'));
  });

  it('says the refusal in the language of the request', async () => {
    const answer = await rt.app.inject({
      method: 'POST',
      url: '/v1/api/forex/submit',
      headers: { lang: 'de', authorization: user.token, 'content-type': 'application/json' },
      payload: JSON.stringify({ ...pending(), status: null }),
    });
    expect((answer.json() as EnvelopeBody).msg).toBe(
      translate('de', 'field_whole_number', { field: 'status' }),
    );
    expect(translate('de', 'field_whole_number', { field: 'status' })).not.toBe(notWhole('status').msg);
  });
});
