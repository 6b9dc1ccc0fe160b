/**
 * "From where" in the audit log: each staff action records the address of the request that made
 * it, also when the trading writer commits several requests' work in one batch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WireAuditEntry } from '@omp/protocol';
import { adminToken, staffToken } from './helpers/staff-helpers.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';

describe.each(databaseEngines())('audit origin on %s', (engine) => {
  let rt: TestRuntime;
  let t: ReturnType<typeof tradingClient>;

  beforeAll(async () => {
    rt = await startTestRuntime({ engine });
    t = tradingClient(rt);
  });
  afterAll(() => rt.dispose());

  const postFrom = async (ip: string, url: string, token: string, body: Record<string, unknown>) =>
    (
      await rt.app.inject({
        method: 'POST',
        url,
        remoteAddress: ip,
        headers: { lang: 'en', authorization: token, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      })
    ).json<{ code: number }>();

  it('keeps the address of each request, also for actions committed together in one batch', async () => {
    const finance = await staffToken(rt, ['finance']);
    const compliance = await staffToken(rt, ['compliance']);
    const users = await Promise.all([t.realUser('0'), t.realUser('0'), t.realUser('0')]);
    // Three credits at once: the writer commits them in as few transactions as it can.
    const answers = await Promise.all(
      users.map((user, n) =>
        postFrom(`10.0.${n}.7`, `/admin/api/users/${user.id}/adjust`, finance, {
          amount: String(10 + n),
          reason: 'Batch',
        }),
      ),
    );
    expect(answers.map((a) => a.code)).toEqual([1, 1, 1]);
    await postFrom('192.0.2.44', `/admin/api/users/${users[0]!.id}/freeze`, compliance, {
      withdrawals: true,
      reason: 'Check',
    });

    const admin = await adminToken(rt);
    const log = (
      await rt.app.inject({
        method: 'GET',
        url: '/admin/api/audit?target_type=user&page_size=100',
        headers: { lang: 'en', authorization: admin },
      })
    ).json<{ data: { list: WireAuditEntry[] } }>().data.list;
    const originOf = (userId: number, action: string) =>
      log.find((entry) => entry.target_id === userId && entry.action === action)?.ip;
    users.forEach((user, n) => expect(originOf(user.id, 'user.adjust_balance')).toBe(`10.0.${n}.7`));
    expect(originOf(users[0]!.id, 'user.freeze')).toBe('192.0.2.44');
  });
});
