/**
 * Who in the back office opens an uploaded file, by what it is attached to, through the HTTP layer
 * on a real database: identity photos are compliance's, deposit proofs finance's and compliance's,
 * an admin opens all and the owner their own. A member who may not open a file gets the not-found
 * envelope and no bytes, whether asking with their session or through a staff answer's link, which
 * is empty for them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentitySubmission } from '@omp/protocol';
import { adminToken, callApi, staffToken } from './helpers/staff-helpers.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';
import { uploadedPng } from './helpers/upload-helpers.ts';
import { moneyClient, uploadImage, type DepositRecord } from './helpers/money-helpers.ts';

interface Page<T> {
  list: T[];
}

describe.each(databaseEngines())('staff file access by role on %s', (engine) => {
  let rt: TestRuntime;
  let staff: Record<'admin' | 'support' | 'finance' | 'compliance', string>;
  let owner: string;
  let identityPhoto: string;
  let proof: string;
  let loose: string;
  let userId: number;

  beforeAll(async () => {
    rt = await startTestRuntime({ engine });
    staff = {
      admin: await adminToken(rt),
      support: await staffToken(rt, ['support']),
      finance: await staffToken(rt, ['finance']),
      compliance: await staffToken(rt, ['compliance']),
    };
    const user = await tradingClient(rt).realUser('0');
    owner = user.token;
    userId = user.id;
    identityPhoto = await uploadedPng(rt, owner);
    const submitted = await callApi(rt, 'POST', '/api/user_real/real_name', owner, {
      name: 'Maria Del Carmen',
      card_id: 'x1234567',
      card_type: 'passport',
      front_pic: identityPhoto,
    });
    expect(submitted.code).toBe(1);
    proof = (await uploadImage(rt, owner)).data.url;
    const m = moneyClient(rt);
    const deposit = await m.post<DepositRecord>('/api/quickCharge/submit', owner, {
      number: '10',
      proofImg: proof,
      charge_id: 1,
    });
    expect(deposit.code).toBe(1);
    loose = (await uploadImage(rt, owner)).data.url;
  });
  afterAll(async () => {
    await rt?.dispose();
  });

  const open = (url: string, token?: string) =>
    rt.app.inject({
      method: 'GET',
      url: url.replace(/^https?:\/\/[^/]+/, ''),
      headers: { lang: 'en', ...(token ? { authorization: token } : {}) },
    });
  const pathOf = (url: string) => new URL(url, 'http://x').pathname;

  /** Refused as an unknown file is: the envelope, and none of the image's bytes. */
  const expectRefused = async (url: string, token: string) => {
    const res = await open(pathOf(url), token);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toMatchObject({ code: 404, data: null });
    expect(res.rawPayload.includes(Buffer.from('PNG'))).toBe(false);
  };
  const expectOpened = async (url: string, token: string) => {
    const res = await open(pathOf(url), token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
  };

  it('refuses support an identity photo and a deposit proof', async () => {
    await expectRefused(identityPhoto, staff.support);
    await expectRefused(proof, staff.support);
    await expectRefused(loose, staff.support);
  });

  it('opens identity photos to compliance, proofs to finance and compliance, everything to an admin', async () => {
    await expectOpened(identityPhoto, staff.compliance);
    await expectOpened(proof, staff.compliance);
    await expectOpened(proof, staff.finance);
    await expectRefused(identityPhoto, staff.finance);
    await expectRefused(loose, staff.finance);
    await expectRefused(loose, staff.compliance);
    for (const url of [identityPhoto, proof, loose]) await expectOpened(url, staff.admin);
  });

  it('still opens every file of the owner to the owner', async () => {
    for (const url of [identityPhoto, proof, loose]) await expectOpened(url, owner);
  });

  it('gives no link in staff answers to a member who may not open the file', async () => {
    const submissions = (role: keyof typeof staff) =>
      callApi<Page<IdentitySubmission>>(rt, 'GET', `/admin/api/identity?user_id=${userId}`, staff[role]);
    const forSupport = (await submissions('support')).data.list[0]!;
    expect(forSupport.front_pic).toBe('');
    const forCompliance = (await submissions('compliance')).data.list[0]!;
    expect(forCompliance.front_pic).toContain('sig=');
    await expectOpened(forCompliance.front_pic, staff.compliance);
    const detail = await callApi<IdentitySubmission>(
      rt,
      'GET',
      `/admin/api/identity/${forSupport.id}`,
      staff.support,
    );
    expect(detail.data.front_pic).toBe('');

    const deposits = (role: keyof typeof staff) =>
      callApi<Page<DepositRecord>>(rt, 'GET', `/admin/api/deposits?user_id=${userId}`, staff[role]);
    expect((await deposits('support')).data.list[0]!.proof_img).toBe('');
    const financeLink = (await deposits('finance')).data.list[0]!.proof_img;
    expect(financeLink).toContain('sig=');
    // The link opens without a session: it is what an <img> tag of the back office loads.
    expect((await open(financeLink)).statusCode).toBe(200);
  });
});
