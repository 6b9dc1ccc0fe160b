/**
 * Behind the broker's balancer every request arrives from the balancer's address. With TRUST_PROXY
 * naming the balancer, the client's own address (X-Forwarded-For) is what sessions, the audit log
 * and the per-address sign-in and code limits see; the header of anyone else, or of any request
 * when TRUST_PROXY is unset, is ignored, so a client cannot pose as another address.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';

const BALANCER = '10.20.0.5';
const CLIENT = '203.0.113.9';

/** Opens a demo session from `remoteAddress` carrying `forwardedFor`; answers the address stored with it. */
async function sessionAddress(
  rt: TestRuntime,
  remoteAddress: string,
  forwardedFor: string,
): Promise<string | null> {
  const res = await rt.app.inject({
    method: 'GET',
    // A demo id is 16 to 64 characters: a random suffix of fixed length keeps it in range every time.
    url: `/api/user/createAccountDemoForU?demo_id=proxy-${randomBytes(12).toString('base64url')}`,
    remoteAddress,
    headers: { lang: 'en', 'x-forwarded-for': forwardedFor },
  });
  const body = res.json() as { code: number; msg: string; data: { token: string } | null };
  if (body.code !== 1) throw new Error(`demo sign-in answered ${res.statusCode} ${JSON.stringify(body)}`);
  const { token } = body.data!;
  const user = await rt.app.auth.userOfToken(token);
  const row = await rt.database.db
    .selectFrom('sessions')
    .select('ip')
    .where('user_id', '=', user!.id)
    .executeTakeFirstOrThrow();
  return row.ip;
}

describe('client addresses behind a balancer', () => {
  let trusting: TestRuntime;
  let plain: TestRuntime;
  beforeAll(async () => {
    trusting = await startTestRuntime({ env: { TRUST_PROXY: `${BALANCER}, 127.0.0.1` } });
    plain = await startTestRuntime();
  });
  afterAll(async () => {
    await trusting?.dispose();
    await plain?.dispose();
  });

  it('takes the forwarded client address from a trusted balancer only', async () => {
    expect(await sessionAddress(trusting, BALANCER, CLIENT)).toBe(CLIENT);
    // Someone else sending the header claims nothing.
    expect(await sessionAddress(trusting, '198.51.100.7', CLIENT)).toBe('198.51.100.7');
  });

  it('ignores the header altogether when no proxy is trusted', async () => {
    expect(await sessionAddress(plain, BALANCER, CLIENT)).toBe(BALANCER);
  });
});
