/**
 * Inputs the random API fuzz answers in the envelope but that still meant the wrong thing: a
 * search "in any case" that found other rows on SQLite than on PostgreSQL, a JSON key named twice
 * read as its last value, a name holding a direction override, a compressed body refused for
 * characters it does not hold. Each case is one class of such input, checked on both databases.
 */
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnvelopeBody } from './helpers/account-helpers.ts';
import { adminToken, callApi } from './helpers/staff-helpers.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';
import { uploadedPng } from './helpers/upload-helpers.ts';

type Page = { list: Array<{ name: string }>; total: number };

describe.each(databaseEngines())('hostile inputs on %s', (engine) => {
  let rt: TestRuntime;
  let admin: string;

  beforeAll(async () => {
    rt = await startTestRuntime({ engine });
    admin = await adminToken(rt);
    for (const name of ['Élan ÖSTERREICH', 'İstanbul Markets', '50%_off\\sale', '50 percent off'])
      expect((await callApi(rt, 'POST', '/admin/api/companies', admin, { name })).code).toBe(1);
  });
  afterAll(() => rt.dispose());

  const companiesNamed = async (search: string) => {
    const query = `name=${encodeURIComponent(search)}&page_size=100`;
    const [publicPage, staffPage] = await Promise.all([
      callApi<Page>(rt, 'GET', `/api/company/getCompany?${query}`),
      callApi<Page>(rt, 'GET', `/admin/api/companies?${query}`, admin),
    ]);
    expect(publicPage.data.list.map((c) => c.name)).toEqual(staffPage.data.list.map((c) => c.name));
    return staffPage.data.list.map((c) => c.name);
  };

  describe('searches in any case', () => {
    it.each([
      ['élan', ['Élan ÖSTERREICH']],
      ['ÉLAN', ['Élan ÖSTERREICH']],
      ['österreich', ['Élan ÖSTERREICH']],
      ['İSTANBUL', ['İstanbul Markets']],
      ['istanbul', ['İstanbul Markets']],
    ])('finds letters beyond A to Z in either case: %s', async (search, names) => {
      expect(await companiesNamed(search)).toEqual(names);
    });

    it.each([
      ['%', ['50%_off\\sale']],
      ['_', ['50%_off\\sale']],
      ['50 %', []],
      ['\\', ['50%_off\\sale']],
      ['%_off\\', ['50%_off\\sale']],
      ['50%', ['50%_off\\sale']],
      ['50_', []],
    ])('reads the wildcards of LIKE as plain characters: %s', async (search, names) => {
      expect(await companiesNamed(search)).toEqual(names);
    });

    it("finds a user by the identity check's name in another case", async () => {
      const user = await tradingClient(rt).realUser('100');
      const [front, reverse] = [await uploadedPng(rt, user.token), await uploadedPng(rt, user.token)];
      const submitted = await callApi(rt, 'POST', '/api/user_real/real_name', user.token, {
        name: 'Ärger Ödön',
        card_id: 'AB123456',
        front_pic: front,
        reverse_pic: reverse,
      });
      expect(submitted.code).toBe(1);
      for (const search of ['ärger ödön', 'ÄRGER', 'ödön'])
        expect(
          (
            await callApi<{ total: number }>(
              rt,
              'GET',
              `/admin/api/users?q=${encodeURIComponent(search)}`,
              admin,
            )
          ).data.total,
        ).toBe(1);
    });
  });

  describe('JSON bodies', () => {
    const postCompany = async (payload: string | Buffer, headers: Record<string, string> = {}) => {
      const res = await rt.app.inject({
        method: 'POST',
        url: '/admin/api/companies',
        headers: { lang: 'en', authorization: admin, 'content-type': 'application/json', ...headers },
        payload,
      });
      return { status: res.statusCode, body: res.json() as EnvelopeBody };
    };
    const companyCount = async () =>
      (await callApi<Page>(rt, 'GET', '/admin/api/companies?page_size=1', admin)).data.total;

    it.each([
      ['{"name":"First","name":"Second"}', 'name'],
      ['{"name":"First","n\\u0061me":"Second"}', 'name'],
      ['{"name":"First","status":1,"status":2}', 'status'],
    ])('refuses a key named twice, naming it, and saves nothing: %s', async (payload, field) => {
      const before = await companyCount();
      expect(await postCompany(payload)).toEqual({
        status: 200,
        body: { code: 422, msg: `${field} is given more than once: send each field once`, data: null },
      });
      expect(await companyCount()).toBe(before);
    });

    it.each([
      ['name', '\u202eevil.exe'],
      ['name', 'Acme\u200bBank'],
      ['name', 'Ac\ufeffme'],
      ['subject', 'Acme \u2066Holdings\u2069'],
    ])(
      'refuses an invisible mark in a name (%s), naming the field, and saves nothing',
      async (field, value) => {
        const before = await companyCount();
        const body = field === 'name' ? { name: value } : { name: 'Visible', [field]: value };
        expect(await postCompany(JSON.stringify(body))).toEqual({
          status: 200,
          body: {
            code: 422,
            msg: `${field} contains an invisible mark (a direction mark or a zero-width space) that is not allowed in a name`,
            data: null,
          },
        });
        expect(await companyCount()).toBe(before);
      },
    );

    it('keeps the joiners Persian names and emoji are written with', async () => {
      const name = 'می\u200cخواهم 👩\u200d💻';
      expect((await postCompany(JSON.stringify({ name }))).body.code).toBe(1);
      expect(await companiesNamed('می\u200cخواهم')).toEqual([name]);
    });

    it.each(['gzip', 'br', 'deflate', 'gzip, identity'])(
      'refuses a body compressed with %s as such, with 415',
      async (encoding) => {
        expect(await postCompany(gzipSync('{"name":"Zipped"}'), { 'content-encoding': encoding })).toEqual({
          status: 415,
          body: {
            code: 400,
            msg: 'A compressed body (Content-Encoding) is not accepted: send the body as it is.',
            data: null,
          },
        });
      },
    );

    it('takes a body that names the identity coding, which is none', async () => {
      const answer = await postCompany('{"name":"Plain"}', { 'content-encoding': 'identity' });
      expect(answer.body.code).toBe(1);
    });
  });
});
