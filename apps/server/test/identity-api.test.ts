/**
 * Identity verification through the HTTP layer on a real database: the user's form, waiting and
 * certified states, rejection with a reason and a new submission, the compliance review with its
 * role limits, decisions that happen once even when two staff click at the same moment, and the
 * audit rows each decision leaves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentitySubmission } from '@omp/protocol';
import { IdentityService } from '../src/services/identity-service.ts';
import { adminToken, callApi, staffToken } from './helpers/staff-helpers.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';
import { pngImage } from './helpers/image-fixtures.ts';
import { upload, uploadedPng } from './helpers/upload-helpers.ts';

/** A signed link to the upload at `url`: its expiry, then its signature. */
const signedLinkTo = (url: string) =>
  expect.stringMatching(new RegExp(`^${url.replace(/[.?]/g, '\\$&')}\\?exp=\\d+&sig=[\\w-]{43}$`));

interface Page<T> {
  list: T[];
  total: number;
  page: number;
}

describe.each(databaseEngines())('identity API on %s', (engine) => {
  let rt: TestRuntime;
  let compliance: string;
  let finance: string;

  beforeAll(async () => {
    rt = await startTestRuntime({ engine });
    compliance = await staffToken(rt, ['compliance']);
    finance = await staffToken(rt, ['finance']);
  });
  afterAll(async () => {
    await rt?.dispose();
  });

  const get = <T = unknown>(url: string, token?: string) => callApi<T>(rt, 'GET', url, token);
  const post = <T = unknown>(url: string, token: string | undefined, body: Record<string, unknown> = {}) =>
    callApi<T>(rt, 'POST', url, token, body);
  const newUser = () => tradingClient(rt).realUser('0');
  const isCertified = (userId: number) =>
    new IdentityService({
      db: rt.database.db,
      uploads: { ownedUpload: async () => undefined, link: (name) => name },
      now: rt.clock.now,
    }).isCertified(userId);

  /** A complete form with two fresh photos of the user. */
  const form = async (token: string, extra: Record<string, unknown> = {}) => ({
    name: 'Maria Del Carmen',
    card_id: 'x1234567',
    card_type: 'passport',
    front_pic: await uploadedPng(rt, token),
    reverse_pic: await uploadedPng(rt, token),
    ...extra,
  });

  const submissionOf = async (userId: number) => {
    const page = await get<Page<IdentitySubmission>>(`/admin/api/identity?user_id=${userId}`, compliance);
    return page.data.list[0]!;
  };

  it('shows the form to a user who never sent one', async () => {
    const user = await newUser();
    expect(await get('/api/user_real/center', user.token)).toEqual({
      code: 1,
      msg: 'Success',
      data: { review_status: 0, remark: '', name: '', card_type: '', card_id: '' },
    });
    expect(await isCertified(user.id)).toBe(false);
  });

  it('takes a submission, shows it waiting with a masked number, and refuses a second one', async () => {
    const user = await newUser();
    expect(await post('/api/user_real/real_name', user.token, await form(user.token))).toEqual({
      code: 1,
      msg: 'Submitted for review',
      data: null,
    });
    expect((await get('/api/user_real/center', user.token)).data).toEqual({
      review_status: 1,
      remark: '',
      name: 'Maria Del Carmen',
      card_type: 'passport',
      card_id: 'X1****67',
    });
    expect(await post('/api/user_real/real_name', user.token, await form(user.token))).toEqual({
      code: 0,
      msg: 'Your identity is already under review. Please wait for the result.',
      data: null,
    });
  });

  it('defaults the document type to id_card and accepts form-encoded bodies with bare upload names', async () => {
    const user = await newUser();
    const fields = await form(user.token);
    const res = await tradingClient(rt).postForm(
      '/api/user_real/real_name',
      {
        name: fields.name,
        card_id: fields.card_id,
        front_pic: fields.front_pic.split('/').pop(),
        reverse_pic: fields.reverse_pic,
      },
      user.token,
    );
    expect(res.code).toBe(1);
    expect((await get<{ card_type: string }>('/api/user_real/center', user.token)).data.card_type).toBe(
      'id_card',
    );
  });

  it('refuses photos that are not exactly one upload of the user, and bad fields', async () => {
    const user = await newUser();
    const other = await newUser();
    const othersPhoto = await uploadedPng(rt, other.token);
    const cases: Array<[Record<string, unknown>, { code: number; msg: string }]> = [
      [{ front_pic: othersPhoto }, { code: 422, msg: 'front_pic must be one image you uploaded' }],
      [
        { reverse_pic: '/v1/files/0123456789abcdef0123456789abcdef.png' },
        { code: 422, msg: 'reverse_pic must be one image you uploaded' },
      ],
      [
        { front_pic: 'https://elsewhere.example/cat.png' },
        { code: 422, msg: 'front_pic must be one image you uploaded' },
      ],
      [{ card_type: 'library_card' }, { code: 422, msg: expect.stringContaining('card_type') }],
      [
        { card_id: '12' },
        { code: 422, msg: 'The document number must be 4 to 32 letters, digits or dashes' },
      ],
      [{ name: '<script>' }, { code: 422, msg: 'Please enter your full name as it appears on the document' }],
      [
        { reverse_pic: undefined, card_type: 'id_card' },
        { code: 422, msg: 'reverse_pic is required' },
      ],
      [{ front_pic: ['a', 'b'] }, { code: 422, msg: expect.stringContaining('front_pic') }],
    ];
    for (const [change, refusal] of cases) {
      const body = { ...(await form(user.token)), ...change };
      expect(await post('/api/user_real/real_name', user.token, body), JSON.stringify(change)).toMatchObject(
        refusal,
      );
    }
    const two = await form(user.token);
    expect(
      await post('/api/user_real/real_name', user.token, {
        ...two,
        front_pic: `${two.front_pic},${two.reverse_pic}`,
      }),
    ).toMatchObject({ code: 422, msg: 'front_pic must be one image you uploaded' });
    expect(
      await post('/api/user_real/real_name', user.token, { ...two, reverse_pic: two.front_pic }),
    ).toMatchObject({
      code: 422,
      msg: 'The front and the back must be two different photos',
    });
    // One photo uploaded twice, or its stored copy downloaded and sent again: two names, one side.
    const photo = pngImage(3, 3, [10, 20, 30]);
    const once = (await upload(rt, user.token, { bytes: photo })).body.data!.url;
    const againAsSent = (await upload(rt, user.token, { bytes: photo })).body.data!.url;
    const storedCopy = (await rt.app.inject({ url: once, headers: { authorization: user.token } }))
      .rawPayload;
    const againAsStored = (await upload(rt, user.token, { bytes: storedCopy })).body.data!.url;
    for (const reverse of [againAsSent, againAsStored]) {
      expect(
        await post('/api/user_real/real_name', user.token, { ...two, front_pic: once, reverse_pic: reverse }),
      ).toMatchObject({ code: 422, msg: 'The front and the back must be two different photos' });
    }
    expect(
      (await get<{ review_status: number }>('/api/user_real/center', user.token)).data.review_status,
    ).toBe(0);
  });

  it('takes a passport without a reverse side, and asks every other document for one', async () => {
    const user = await newUser();
    const { reverse_pic: _reverse, ...withoutReverse } = await form(user.token);
    expect(
      await post('/api/user_real/real_name', user.token, { ...withoutReverse, card_type: 'id_card' }),
    ).toMatchObject({
      code: 422,
      msg: expect.stringContaining('reverse_pic'),
    });
    expect(await post('/api/user_real/real_name', user.token, withoutReverse)).toMatchObject({ code: 1 });
    const submission = await submissionOf(user.id);
    expect(submission).toMatchObject({ card_type: 'passport', reverse_pic: '' });
    expect(submission.front_pic).not.toBe('');
  });

  it('refuses demo users on every identity call with the demo message', async () => {
    const demo = await tradingClient(rt).demoUser();
    const refusal = { code: 0, msg: 'Please register or log in to a real account', data: null };
    expect(await get('/api/user_real/center', demo.token)).toEqual(refusal);
    expect(await post('/api/user_real/real_name', demo.token, { name: 'Demo' })).toEqual(refusal);
  });

  it('rejects with a reason the user sees, takes a new submission, certifies it and refuses more', async () => {
    const user = await newUser();
    await post('/api/user_real/real_name', user.token, await form(user.token));
    const first = await submissionOf(user.id);
    expect(await post(`/admin/api/identity/${first.id}/reject`, compliance, {})).toMatchObject({
      code: 422,
      msg: 'remark is required',
    });
    const rejected = await post<IdentitySubmission>(`/admin/api/identity/${first.id}/reject`, compliance, {
      remark: 'The photo of the back is blurred',
    });
    expect(rejected).toMatchObject({ code: 1, msg: 'Identity submission rejected', data: { status: 3 } });
    expect((await get('/api/user_real/center', user.token)).data).toMatchObject({
      review_status: 0,
      remark: 'The photo of the back is blurred',
    });

    expect((await post('/api/user_real/real_name', user.token, await form(user.token))).code).toBe(1);
    expect((await get('/api/user_real/center', user.token)).data).toMatchObject({
      review_status: 1,
      remark: '',
    });
    const second = await submissionOf(user.id);
    expect(second.id).not.toBe(first.id);
    const approved = await post<IdentitySubmission>(`/admin/api/identity/${second.id}/approve`, compliance);
    expect(approved).toMatchObject({ code: 1, msg: 'Identity verified', data: { status: 2, remark: '' } });
    expect((await get('/api/user_real/center', user.token)).data).toMatchObject({ review_status: 2 });
    expect(await isCertified(user.id)).toBe(true);

    expect(await post('/api/user_real/real_name', user.token, await form(user.token))).toEqual({
      code: 0,
      msg: 'Your identity is already verified',
      data: null,
    });
    for (const action of ['approve', 'reject'])
      expect(
        await post(`/admin/api/identity/${second.id}/${action}`, compliance, { remark: 'again' }),
      ).toEqual({
        code: 0,
        msg: `Identity submission ${second.id} has already been decided`,
        data: null,
      });
    expect(await post('/admin/api/identity/999999/approve', compliance)).toEqual({
      code: 404,
      msg: 'There is no identity submission with id 999999',
      data: null,
    });
  });

  it('lists submissions by status with signed photo links that open without a session', async () => {
    const user = await newUser();
    const fields = await form(user.token);
    await post('/api/user_real/real_name', user.token, fields);
    const waiting = await get<Page<IdentitySubmission>>(
      '/admin/api/identity?status=1&page_size=100',
      compliance,
    );
    expect(waiting.data.list.every((s) => s.status === 1)).toBe(true);
    const mine = waiting.data.list.find((s) => s.user_id === user.id)!;
    expect(mine).toMatchObject({
      name: 'Maria Del Carmen',
      card_id: 'X1234567',
      card_type: 'passport',
      front_pic: signedLinkTo(fields.front_pic),
      reverse_pic: signedLinkTo(fields.reverse_pic),
      status: 1,
      reviewed_by: null,
    });
    const detail = await get<IdentitySubmission>(`/admin/api/identity/${mine.id}`, compliance);
    expect(detail.data).toEqual(mine);
    // An <img> tag sends no header: the link alone opens the photo.
    for (const url of [detail.data.front_pic, detail.data.reverse_pic]) {
      const res = await rt.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
    }
    expect(await get('/admin/api/identity/999999', compliance)).toMatchObject({ code: 404 });
  });

  it('lets compliance and admin decide, and refuses finance with 403', async () => {
    const refusal = {
      code: 403,
      msg: 'Your staff account cannot do this: it needs one of the roles compliance, admin',
      data: null,
    };
    const users = [await newUser(), await newUser()];
    for (const user of users) await post('/api/user_real/real_name', user.token, await form(user.token));
    const [forCompliance, forAdmin] = [await submissionOf(users[0]!.id), await submissionOf(users[1]!.id)];

    // Support may read the queue too; only compliance (and admin) decide.
    const readRefusal = {
      ...refusal,
      msg: 'Your staff account cannot do this: it needs one of the roles compliance, support, admin',
    };
    expect(await get('/admin/api/identity', finance)).toEqual(readRefusal);
    expect(await get(`/admin/api/identity/${forCompliance.id}`, finance)).toEqual(readRefusal);
    expect(await post(`/admin/api/identity/${forCompliance.id}/approve`, finance)).toEqual(refusal);
    expect(await post(`/admin/api/identity/${forCompliance.id}/reject`, finance, { remark: 'no' })).toEqual(
      refusal,
    );
    expect((await submissionOf(users[0]!.id)).status).toBe(1);

    expect((await post(`/admin/api/identity/${forCompliance.id}/approve`, compliance)).code).toBe(1);
    expect((await post(`/admin/api/identity/${forAdmin.id}/approve`, await adminToken(rt))).code).toBe(1);
  });

  it('decides once when two staff approve at the same moment, with one audit row', async () => {
    const user = await newUser();
    await post('/api/user_real/real_name', user.token, await form(user.token));
    const { id } = await submissionOf(user.id);
    const other = await staffToken(rt, ['compliance']);
    const answers = await Promise.all([
      post(`/admin/api/identity/${id}/approve`, compliance),
      post(`/admin/api/identity/${id}/approve`, other),
      post(`/admin/api/identity/${id}/reject`, other, { remark: 'racing' }),
    ]);
    expect(answers.filter((a) => a.code === 1)).toHaveLength(1);
    for (const refusal of answers.filter((a) => a.code !== 1))
      expect(refusal).toEqual({
        code: 0,
        msg: `Identity submission ${id} has already been decided`,
        data: null,
      });
    const audit = await get<Page<{ action: string }>>(
      `/admin/api/audit?target_type=identity&target_id=${id}`,
      await adminToken(rt),
    );
    expect(audit.data.total).toBe(1);
  });

  it('keeps one open submission when the same user sends two at the same moment', async () => {
    const user = await newUser();
    const forms = [await form(user.token), await form(user.token), await form(user.token)];
    const answers = await Promise.all(forms.map((f) => post('/api/user_real/real_name', user.token, f)));
    expect(answers.filter((a) => a.code === 1)).toHaveLength(1);
    const page = await get<Page<IdentitySubmission>>(`/admin/api/identity?user_id=${user.id}`, compliance);
    expect(page.data.total).toBe(1);
  });

  it('writes who decided what, when, and the submission before and after', async () => {
    const user = await newUser();
    await post('/api/user_real/real_name', user.token, await form(user.token));
    const { id } = await submissionOf(user.id);
    rt.clock.advance(60_000);
    const decidedAt = rt.clock.now();
    await post(`/admin/api/identity/${id}/reject`, compliance, { remark: 'Document expired' });
    const me = await get<{ id: number; username: string }>('/admin/api/me', compliance);
    const audit = await get<Page<Record<string, unknown>>>(
      `/admin/api/audit?target_type=identity&target_id=${id}`,
      await adminToken(rt),
    );
    expect(audit.data.list).toEqual([
      {
        id: expect.any(Number),
        staff_id: me.data.id,
        staff_username: me.data.username,
        action: 'identity.reject',
        target_type: 'identity',
        target_id: id,
        before: {
          user_id: user.id,
          status: 1,
          remark: null,
          reviewed_by: null,
          reviewed_at: null,
          card_type: 'passport',
          card_id: 'X1****67',
        },
        after: {
          user_id: user.id,
          status: 3,
          remark: 'Document expired',
          reviewed_by: me.data.id,
          reviewed_at: decidedAt,
          card_type: 'passport',
          card_id: 'X1****67',
        },
        at: new Date(decidedAt).toISOString().slice(0, 19).replace('T', ' '),
        at_ms: decidedAt,
        // From where: the address of the request that decided.
        ip: '127.0.0.1',
      },
    ]);
  });
});
