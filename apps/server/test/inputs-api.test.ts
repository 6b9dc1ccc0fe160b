/**
 * Inputs no route expects, refused by the shared mechanisms rather than by a 500: control
 * characters in any text (one rule over path, query and body), staff updates that change nothing,
 * faults Fastify finds before a route runs, broken multipart forms, and values a PostgreSQL
 * column cannot hold. One case per class the API fuzz test (fuzz-api.test.ts) found.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE } from '@omp/protocol';
import { translate } from '../src/i18n/translate.ts';
import type { EnvelopeBody } from './helpers/account-helpers.ts';
import { multipartBody } from './helpers/fuzz-values.ts';
import { pngImage } from './helpers/image-fixtures.ts';
import { adminToken } from './helpers/staff-helpers.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';

const NOTHING_TO_CHANGE = {
  code: 422,
  msg: 'Nothing to change: give at least one field to change',
  data: null,
};
const MALFORMED = {
  code: 400,
  msg: 'The request body could not be read: it is incomplete or not in the format its content type names',
  data: null,
};
const controlCharacterIn = (field: string) => ({
  code: 422,
  msg: `${field} contains a control character that is not allowed`,
  data: null,
});

describe.each(databaseEngines())('inputs on %s', (engine) => {
  let rt: TestRuntime;
  let admin: string;
  let user: { token: string; id: number };

  beforeAll(async () => {
    rt = await startTestRuntime({ engine });
    admin = await adminToken(rt);
    user = await tradingClient(rt).realUser('100');
  });
  afterAll(() => rt.dispose());

  const send = async (
    method: 'GET' | 'POST',
    url: string,
    options: {
      token?: string;
      body?: unknown;
      payload?: string | Buffer;
      headers?: Record<string, string>;
    } = {},
  ) => {
    const res = await rt.app.inject({
      method,
      url,
      headers: {
        lang: 'en',
        ...(options.token ? { authorization: options.token } : {}),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      ...(options.body !== undefined ? { payload: JSON.stringify(options.body) } : {}),
      ...(options.payload !== undefined ? { payload: options.payload } : {}),
    });
    return {
      status: res.statusCode,
      type: String(res.headers['content-type']),
      body: res.json() as EnvelopeBody,
    };
  };

  describe('control characters', () => {
    it.each([
      [
        'a register account',
        'POST',
        '/api/user/register',
        { type: 'email', account: 'a\u0000@x.com' },
        'account',
      ],
      [
        'a login password',
        'POST',
        '/api/user/loginForU',
        { account: 'a@b.co', password: 'pass\u0000word' },
        'password',
      ],
      ['a staff note on a deposit', 'POST', '/admin/api/deposits/1/reject', { remark: 'no\u0000' }, 'remark'],
      [
        'a staff note on an identity',
        'POST',
        '/admin/api/identity/1/reject',
        { remark: '\u001b[31m' },
        'remark',
      ],
      [
        'an article title, nested',
        'POST',
        '/admin/api/news',
        { texts: { en: { title: 'Bell\u0007', content: '' } } },
        'texts.en.title',
      ],
      ['a key', 'POST', '/admin/api/settings', { 'main_mode\u0000': 'trade' }, 'main_mode\ufffd'],
      // DEL and the C1 controls: U+009B starts a terminal escape like ESC [, U+0085 is a line break to some.
      ['a company name', 'POST', '/admin/api/companies', { name: 'Acme\u009b31m' }, 'name'],
      ['a staff note, with DEL', 'POST', '/admin/api/identity/1/reject', { remark: 'no\u007f' }, 'remark'],
      [
        'an announcement',
        'POST',
        '/admin/api/settings/texts',
        { key: 'announcement', texts: { en: 'Closed\u0085Open' } },
        'texts.en',
      ],
      ['a company search', 'GET', '/api/company/getCompany?name=a%00b', undefined, 'name'],
      ['a product search', 'GET', '/v1/api/forex/trade_list?searchCurrency=%00', undefined, 'searchCurrency'],
      ['a demo id', 'GET', '/api/user/createAccountDemoForU?demo_id=x%0Cy', undefined, 'demo_id'],
      ['a path parameter', 'GET', '/v1/files/a%00b.png', undefined, 'name'],
    ] as const)('refuses one in %s, naming the field', async (_case, method, url, body, field) => {
      const answer = await send(method, url, { token: url.startsWith('/admin') ? admin : user.token, body });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(controlCharacterIn(field));
    });

    it('keeps tabs and line breaks in texts written on several lines', async () => {
      const answer = await send('POST', '/admin/api/settings/texts', {
        token: admin,
        body: { key: 'announcement', texts: { en: 'Closed on Friday.\r\nOpen on Monday:\tall day.' } },
      });
      expect(answer.body.code).toBe(1);
    });
  });

  describe('nesting', () => {
    const nestedIn = (field: string) => ({
      code: 422,
      msg: `${field} nests objects or lists more than 32 levels deep, which no request of this API does`,
      data: null,
    });
    const objectNested = (depth: number): unknown => (depth === 0 ? 'x' : { a: objectNested(depth - 1) });

    it.each([
      ['an order', '/v1/api/forex/submit', true],
      ['a registration', '/api/user/register', false],
      ['a staff change', '/admin/api/settings', 'staff'],
    ] as const)('refuses a body of lists 20,000 deep in %s, and loses nothing', async (_case, url, auth) => {
      const before = await tradingClient(rt).myDeal(user.token, 1);
      const token = auth === 'staff' ? admin : auth ? user.token : undefined;
      const answer = await send('POST', url, {
        ...(token ? { token } : {}),
        payload: '['.repeat(20_000) + ']'.repeat(20_000),
        headers: { 'content-type': 'application/json' },
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(nestedIn(Array.from({ length: 32 }, () => '0').join('.')));
      expect(await tradingClient(rt).myDeal(user.token, 1)).toEqual(before);
    });

    it('names the field where an object nests too deep, and lets a shallower one reach the route', async () => {
      const deep = await send('POST', '/admin/api/settings/texts', {
        token: admin,
        body: { key: 'announcement', texts: objectNested(40) },
      });
      expect(deep.body).toEqual(nestedIn(`texts.${'a.'.repeat(30)}a`));
      const shallow = await send('POST', '/admin/api/settings/texts', {
        token: admin,
        body: { key: 'announcement', texts: objectNested(20) },
      });
      expect(shallow.body.code).toBe(422);
      expect(shallow.body.msg).not.toContain('levels deep');
    });
  });

  describe('staff updates', () => {
    it.each([
      '/admin/api/staff/1',
      '/admin/api/companies/1',
      '/admin/api/news/1',
      '/admin/api/charge-networks/1',
      '/admin/api/wire-banks/1',
      '/admin/api/withdraw-currencies/1',
      '/admin/api/settings',
    ])('refuses one that names no field, or a field the record does not have, at %s', async (url) => {
      expect((await send('POST', url, { token: admin, body: {} })).body).toEqual(NOTHING_TO_CHANGE);
      // An unknown field is named, never dropped.
      expect(
        (await send('POST', url, { token: admin, body: { unknown_field: 1, __proto__x: 2 } })).body,
      ).toEqual({
        code: 422,
        msg: 'This call does not take the field(s) unknown_field, __proto__x',
        data: null,
      });
      // A language record with no language in it changes nothing either.
      if (url.includes('/news/'))
        expect((await send('POST', url, { token: admin, body: { texts: {} } })).body).toEqual(
          NOTHING_TO_CHANGE,
        );
    });

    it('saves nothing of an update that names a known field beside a misspelt one', async () => {
      const before = (await send('GET', '/admin/api/charge-networks', { token: admin })).body;
      const answer = await send('POST', '/admin/api/charge-networks/1', {
        token: admin,
        body: { sort: 9, adress: 'TXYZ' },
      });
      expect(answer.body).toEqual({
        code: 422,
        msg: 'This call does not take the field(s) adress',
        data: null,
      });
      expect((await send('GET', '/admin/api/charge-networks', { token: admin })).body).toEqual(before);
    });

    it('still takes an update that names one field', async () => {
      const answer = await send('POST', '/admin/api/charge-networks/1', { token: admin, body: { sort: 3 } });
      expect(answer.body).toMatchObject({ code: 1, data: { id: 1 } });
    });
  });

  describe("Fastify's own refusals", () => {
    const login = '/api/user/loginForU';

    it('answers a content type no parser takes with 415 in the envelope', async () => {
      const en = await send('POST', login, {
        payload: '<a/>',
        headers: { 'content-type': 'application/xml' },
      });
      expect(en).toMatchObject({
        status: 415,
        body: {
          code: 400,
          msg: 'This call does not accept a body of that content type. Send JSON or a form.',
          data: null,
        },
      });
      const de = await send('POST', login, {
        payload: '<a/>',
        headers: { 'content-type': 'application/xml', lang: 'de' },
      });
      expect(de.body.msg).toBe(
        'Dieser Aufruf nimmt keinen Inhalt dieses Typs an. Senden Sie JSON oder ein Formular.',
      );
    });

    it.each([
      ['broken JSON', '{"account":', {}],
      ['an empty JSON body', '', {}],
      ['a Content-Length that does not match', '{"account":"a"}', { 'content-length': '3' }],
    ])('answers %s with 400 and no framework wording', async (_case, payload, headers) => {
      const answer = await send('POST', login, {
        payload,
        headers: { 'content-type': 'application/json', ...headers },
      });
      expect(answer).toMatchObject({ status: 400, body: MALFORMED });
    });

    it.each([
      ['{"__proto__":{"admin":true}}', '__proto__'],
      ['{"account":"a","nested":{"__proto__":{"admin":true}}}', 'nested.__proto__'],
      ['{"account":"a","constructor":{"prototype":{"admin":true}}}', 'constructor'],
    ])(
      'refuses the prototype key of %s by its name, as a field the call does not take',
      async (payload, key) => {
        const answer = await send('POST', login, {
          payload,
          headers: { 'content-type': 'application/json' },
        });
        expect(answer).toEqual({
          status: 200,
          type: 'application/json; charset=utf-8',
          body: { code: 422, msg: `This call does not take the field(s) ${key}`, data: null },
        });
      },
    );

    it.each([
      ['a list', '[1,2]', 'application/json'],
      ['a bare text', '"x"', 'application/json'],
      ['null', 'null', 'application/json'],
      ['plain text', '{"account":"a"}', 'text/plain'],
    ])('answers a body that is %s, not an object of fields, by saying so', async (_case, payload, type) => {
      const answer = await send('POST', login, { payload, headers: { 'content-type': type } });
      expect(answer).toMatchObject({
        status: 200,
        body: {
          code: 422,
          msg: 'The body must be an object of named fields (JSON or a form), not a list or a single value',
        },
      });
    });

    it('answers a body over the limit with 413', async () => {
      const answer = await send('POST', login, { body: { account: 'x'.repeat(1_100_000) } });
      expect(answer).toMatchObject({
        status: 413,
        body: { code: 413, msg: 'The request body is too large' },
      });
    });

    it('answers a malformed escape in the address with 400 in the envelope', async () => {
      const answer = await send('GET', '/admin/api/news/%E0%A4%A');
      expect(answer).toMatchObject({ status: 400, type: 'application/json; charset=utf-8' });
      expect(answer.body).toEqual({ code: 400, msg: 'The address of this request is not valid', data: null });
    });

    it('answers a path parameter over the length limit in the envelope', async () => {
      const answer = await send('GET', `/admin/api/news/${'9'.repeat(500)}`, { token: admin });
      expect([404, 414]).toContain(answer.status);
      expect(Object.keys(answer.body).sort()).toEqual(['code', 'data', 'msg']);
      expect(answer.body.msg.length).toBeLessThan(300);
    });

    it('repeats at most a line of what the request named', async () => {
      const answer = await send('GET', `/api/default/setting?key=${'k'.repeat(5000)}`);
      expect(answer.body.code).not.toBe(1);
      expect(answer.body.msg.length).toBeLessThan(300);
    });

    it('answers requests that break HTTP itself in the envelope', async () => {
      await rt.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = rt.app.server.address() as { port: number };
      const raw = (request: string) =>
        new Promise<string>((resolve, reject) => {
          const socket = connect(port, '127.0.0.1', () => socket.end(request));
          let text = '';
          socket.on('data', (chunk) => (text += chunk.toString()));
          socket.on('close', () => resolve(text));
          socket.on('error', reject);
        });
      const tooLong = await raw(`GET /api/news/list?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
      expect(tooLong).toMatch(/^HTTP\/1\.1 431 /);
      expect(JSON.parse(tooLong.split('\r\n\r\n')[1]!)).toMatchObject({ code: 400, data: null });
      // Node's limit counts the address and the headers together; the message names both.
      const hugeHeader = await raw(
        `GET /api/news/list HTTP/1.1\r\nHost: x\r\nCookie: ${'c'.repeat(20_000)}\r\n\r\n`,
      );
      expect(hugeHeader).toMatch(/^HTTP\/1\.1 431 /);
      expect(JSON.parse(hugeHeader.split('\r\n\r\n')[1]!)).toEqual({
        code: 400,
        msg: translate(DEFAULT_LANGUAGE, 'headers_too_large'),
        data: null,
      });
      const notHttp = await raw('HELLO THERE\r\n\r\n');
      expect(notHttp).toMatch(/^HTTP\/1\.1 400 /);
      expect(JSON.parse(notHttp.split('\r\n\r\n')[1]!)).toMatchObject({ code: 400, data: null });
    });
  });

  describe('multipart forms', () => {
    const upload = (payload: Buffer, contentType = 'multipart/form-data; boundary=b0undary') =>
      send('POST', '/api/common/image_upload', {
        token: user.token,
        payload,
        headers: { 'content-type': contentType },
      });
    const file = { field: 'file', bytes: pngImage(), type: 'image/png' };

    it.each([
      ['cut short', multipartBody('b0undary', [], [file], true), undefined],
      ['without its boundary', multipartBody('b0undary', [], [file]), 'multipart/form-data'],
      ['that is not multipart at all', Buffer.from('garbage'), undefined],
    ])('answers a form %s with 400', async (_case, payload, contentType) => {
      expect(await upload(payload, contentType)).toMatchObject({ status: 400, body: MALFORMED });
    });

    it('refuses several files where one is expected, and takes one', async () => {
      const two = await upload(multipartBody('b0undary', [], [file, file]));
      expect(two.body).toEqual({ code: 422, msg: 'Please upload one image at a time', data: null });
      const one = await upload(multipartBody('b0undary', [], [file]));
      expect(one.body.code).toBe(1);
    });
  });

  it('reads a JSON number as the digits sent: one that a double would round is judged as its text', async () => {
    const order = (cont: string) =>
      rt.app.inject({
        method: 'POST',
        url: '/v1/api/forex/submit',
        headers: { lang: 'en', authorization: user.token, 'content-type': 'application/json' },
        // Written by hand: JSON.stringify would send the double's own digits.
        payload: `{"forex_id":${tradingClient(rt).spec('EURUSD').id},"type":1,"status":1,"multiple":100,"cont":${cont}}`,
      });
    const asText = (cont: string) =>
      send('POST', '/v1/api/forex/submit', {
        token: user.token,
        body: { forex_id: tradingClient(rt).spec('EURUSD').id, type: 1, status: 1, multiple: 100, cont },
      });
    for (const cont of ['0.01000000000000000020816681711721685', '1e-2', '1E-2', '0.0100000000000000001']) {
      const answer = (await order(cont)).json();
      expect(answer, cont).toEqual({
        code: 422,
        msg: 'cont must be a plain decimal such as 0.01: digits and one point, no exponent or separators',
        data: null,
      });
      expect((await asText(cont)).body, cont).toEqual(answer);
    }
    // A number whose double reads as it was sent reaches the order's own rules (here the leverage
    // cap, the same answer whatever the day), as its text does.
    for (const cont of ['0.010', '0.01']) {
      const answer = (await order(cont)).json();
      expect(answer.code, cont).not.toBe(422);
      expect((await asText(cont)).body, cont).toEqual(answer);
    }
  });

  it('says a length in characters or items, and a blank text is missing', async () => {
    const reject = (remark: string) =>
      send('POST', '/admin/api/deposits/1/reject', { token: admin, body: { remark } });
    expect((await reject('x'.repeat(501))).body).toEqual({
      code: 422,
      msg: 'remark is too long: at most 500 characters',
      data: null,
    });
    expect((await reject('   ')).body).toEqual({ code: 422, msg: 'remark is required', data: null });
    // No body at all: the field it needs is named, not "body".
    expect((await send('POST', '/admin/api/deposits/1/reject', { token: admin })).body).toEqual({
      code: 422,
      msg: 'remark is required',
      data: null,
    });
    const network = await send('POST', '/admin/api/charge-networks', {
      token: admin,
      body: { currency_code: 'USDT', protocol_code: 'TRC20', address: 'too-short' },
    });
    expect(network.body).toEqual({
      code: 422,
      msg: 'address is too short: at least 16 characters',
      data: null,
    });
  });

  it('refuses a text longer than its column on both databases alike, naming the field', async () => {
    // PostgreSQL refuses text over a varchar's length, nameless; SQLite would store it whole.
    const logo = `https://cdn.example.com/${'l'.repeat(120)}.svg`;
    const answer = await send('POST', '/admin/api/instruments/1', { token: admin, body: { logo } });
    expect(answer.body).toEqual({ code: 422, msg: 'logo is too long: at most 128 characters', data: null });
  });

  it('refuses a number an integer column cannot hold on both databases alike, naming the field', async () => {
    // PostgreSQL's integer columns hold 32 bits; SQLite would store the number as it is. The
    // request's own rule bounds each such field, so both answer the same.
    for (const [url, body, message] of [
      ['/admin/api/news/1', { category_id: 2 ** 31 }, 'category_id must be at most 2147483647'],
      ['/admin/api/news', { category_id: 2 ** 31 }, 'category_id must be at most 2147483647'],
      ['/admin/api/charge-networks/1', { sort: 2 ** 40 }, 'sort must be at most 2147483647'],
      ['/admin/api/charge-networks/1', { sort: -(2 ** 31) - 1 }, 'sort must be at least -2147483647'],
      ['/admin/api/companies/1', { sort: 2 ** 31 }, 'sort must be at most 2147483647'],
      // Instruments and categories are keyed by integer columns: PostgreSQL cannot even look one up.
      ['/admin/api/instruments/9007199254740991', { enabled: 1 }, 'id must be at most 2147483647'],
      ['/admin/api/instruments/1', { category_id: 2 ** 31 }, 'category_id must be at most 2147483647'],
      ['/v1/api/forex/favourites', { forex_id: 2 ** 31 }, 'forex_id must be at most 2147483647'],
      [
        '/v1/api/forex/submit',
        { type: 1, cont: '0.1', forex_id: 2 ** 31, status: 1, multiple: 20 },
        'forex_id must be at most 2147483647',
      ],
      [
        '/v1/api/alerts',
        { forex_id: 2 ** 31, condition: 'above', price: '1.2' },
        'forex_id must be at most 2147483647',
      ],
    ] as const) {
      const token = url.startsWith('/admin') ? admin : user.token;
      const answer = await send('POST', url, { token, body });
      expect(answer.status).toBe(200);
      expect(answer.body, `${url} ${JSON.stringify(body)}`).toEqual({ code: 422, msg: message, data: null });
    }
    expect((await send('GET', '/api/news/list?category_id=2147483648')).body).toEqual({
      code: 422,
      msg: 'category_id must be at most 2147483647',
      data: null,
    });
  });
});
