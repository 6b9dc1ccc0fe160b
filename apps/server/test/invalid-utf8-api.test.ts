/**
 * Bytes that are not UTF-8, sent raw or percent-escaped, through the HTTP layer on a real
 * database: refused in every place a request carries text (a JSON body, a form body, a query, a
 * multipart field, a path), by the rule that refuses a lone surrogate, and never stored with
 * U+FFFD in their place, which changed the text and made different byte strings one key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnvelopeBody } from './helpers/account-helpers.ts';
import { multipartBody } from './helpers/fuzz-values.ts';
import { pngImage } from './helpers/image-fixtures.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';

const brokenIn = (field: string) => ({
  code: 422,
  msg: `${field} contains a broken character (bytes that are not valid UTF-8, or an unpaired surrogate)`,
  data: null,
});

/** Ill-formed UTF-8: a byte never used, a cut-short pair, an overlong slash, a surrogate, past U+10FFFF, a cut-short emoji. */
const ILL_FORMED: Array<[string, number[]]> = [
  ['0xFF', [0xff]],
  ['C3 28', [0xc3, 0x28]],
  ['an overlong slash', [0xc0, 0xaf]],
  ['an encoded surrogate', [0xed, 0xa0, 0x80]],
  ['past U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
  ['a cut-short emoji', [0xf0, 0x9f, 0x98]],
];
const percentEscaped = (bytes: number[]) =>
  bytes.map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');

describe.each(databaseEngines())('bytes that are not UTF-8 on %s', (engine) => {
  let rt: TestRuntime;
  let t: ReturnType<typeof tradingClient>;
  let user: { token: string; id: number };

  beforeAll(async () => {
    rt = await startTestRuntime({ engine });
    t = tradingClient(rt);
    user = await t.realUser('10000');
    t.tick('EURUSD', '1.10000', '1.10012');
  });
  afterAll(() => rt.dispose());

  const send = async (method: 'GET' | 'POST', url: string, contentType?: string, payload?: Buffer) => {
    const res = await rt.app.inject({
      method,
      url,
      headers: {
        lang: 'en',
        authorization: user.token,
        ...(contentType ? { 'content-type': contentType } : {}),
      },
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, body: res.json() as EnvelopeBody };
  };
  const orders = async () => (await t.myDeal(user.token, 1)).data.total;
  const orderFields = () => `type=1&cont=0.01&forex_id=${t.spec('EURUSD').id}&status=1`;
  /** A JSON order whose retry key is the given bytes, written raw into the body. */
  const jsonOrder = (key: number[]) =>
    Buffer.concat([
      Buffer.from(`{"type":1,"cont":"0.01","forex_id":${t.spec('EURUSD').id},"status":1,"client_order_id":"`),
      Buffer.from(key),
      Buffer.from('"}'),
    ]);

  it.each(ILL_FORMED)(
    'refuses %s in a JSON body, naming the field, and stores nothing',
    async (_c, bytes) => {
      const before = await orders();
      const answer = await send(
        'POST',
        '/v1/api/forex/submit',
        'application/json',
        jsonOrder([0x6b, ...bytes]),
      );
      expect(answer).toEqual({ status: 200, body: brokenIn('client_order_id') });
      expect(await orders()).toBe(before);
    },
  );

  it.each(ILL_FORMED)('refuses %s in a form body, raw or escaped, and stores nothing', async (_c, bytes) => {
    const before = await orders();
    const form = 'application/x-www-form-urlencoded';
    const raw = Buffer.concat([Buffer.from(`${orderFields()}&client_order_id=k`), Buffer.from(bytes)]);
    expect(await send('POST', '/v1/api/forex/submit', form, raw)).toEqual({
      status: 200,
      body: brokenIn('client_order_id'),
    });
    const escaped = Buffer.from(`${orderFields()}&client_order_id=k${percentEscaped(bytes)}`);
    expect(await send('POST', '/v1/api/forex/submit', form, escaped)).toEqual({
      status: 200,
      body: brokenIn('client_order_id'),
    });
    expect(await orders()).toBe(before);
  });

  it('keeps well-formed text, emoji and a U+FFFD sent as its own bytes, each as its own key', async () => {
    const before = await orders();
    const keys = ['é', '€', '😀', '\ufffd', '🔑'];
    for (const key of keys.slice(0, 3)) {
      const answer = await send(
        'POST',
        '/v1/api/forex/submit',
        'application/json',
        jsonOrder([...Buffer.from(key)]),
      );
      expect(answer.body.code).toBe(1);
    }
    for (const key of keys.slice(3)) {
      const escaped = Buffer.from(`${orderFields()}&client_order_id=${encodeURIComponent(key)}`);
      expect(
        (await send('POST', '/v1/api/forex/submit', 'application/x-www-form-urlencoded', escaped)).body.code,
      ).toBe(1);
    }
    expect(await orders()).toBe(before + keys.length);
    const stored = await rt.database.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('user_id', '=', user.id)
      .where('key', 'in', keys)
      .execute();
    expect(stored.map((row) => row.key).sort()).toEqual([...keys].sort());
  });

  it('refuses an escape of bytes that are not UTF-8 in a query, and creates no account', async () => {
    const users = async () => (await rt.database.db.selectFrom('users').select('id').execute()).length;
    const before = await users();
    for (const [, bytes] of ILL_FORMED) {
      const answer = await send('GET', `/api/user/createAccountDemoForU?demo_id=${percentEscaped(bytes)}`);
      expect(answer).toEqual({ status: 200, body: brokenIn('demo_id') });
    }
    expect(await users()).toBe(before);
  });

  it('refuses such bytes in a multipart field, and keeps no upload', async () => {
    const uploads = async () => (await rt.database.db.selectFrom('uploads').select('id').execute()).length;
    const before = await uploads();
    const file = { field: 'file', bytes: pngImage(), type: 'image/png' };
    const withField = (value: Buffer) => {
      const body = multipartBody('b0undary', [['name', '\u0000']], [file]);
      // The field's value is written as bytes: the helper writes text.
      const at = body.indexOf(0);
      return Buffer.concat([body.subarray(0, at), value, body.subarray(at + 1)]);
    };
    const multipart = 'multipart/form-data; boundary=b0undary';
    for (const [, bytes] of ILL_FORMED) {
      const answer = await send('POST', '/api/common/image_upload', multipart, withField(Buffer.from(bytes)));
      expect(answer).toEqual({ status: 200, body: brokenIn('name') });
    }
    expect(await uploads()).toBe(before);
    const kept = await send(
      'POST',
      '/api/common/image_upload',
      multipart,
      withField(Buffer.from('Ana López 😀')),
    );
    expect(kept.body.code).toBe(1);
    expect(await uploads()).toBe(before + 1);
  });

  it('refuses such an escape in a path as an address that is not valid', async () => {
    for (const [, bytes] of ILL_FORMED) {
      const answer = await send('GET', `/v1/files/${percentEscaped(bytes)}`);
      expect(answer).toEqual({
        status: 400,
        body: { code: 400, msg: 'The address of this request is not valid', data: null },
      });
    }
  });
});
