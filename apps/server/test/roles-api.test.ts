/**
 * Every back-office action against every role: a role the server does not allow gets 403 and
 * nothing else does, whatever the screens show. Support reads and decides nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '@omp/protocol';
import { callApi, staffToken } from './helpers/staff-helpers.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';

interface Action {
  method: 'GET' | 'POST';
  url: string;
  body?: Record<string, unknown>;
  /** Besides admin, who may. Empty: any staff. */
  roles: StaffRole[];
}

const READ = ['finance', 'compliance', 'support'] as StaffRole[];
const ACTIONS: Action[] = [
  { method: 'GET', url: '/admin/api/dashboard', roles: READ },
  { method: 'GET', url: '/admin/api/users', roles: READ },
  { method: 'GET', url: '/admin/api/users/1', roles: READ },
  { method: 'GET', url: '/admin/api/users/1/orders', roles: READ },
  { method: 'GET', url: '/admin/api/users/1/ledger', roles: READ },
  { method: 'GET', url: '/admin/api/users/1/sessions', roles: READ },
  { method: 'GET', url: '/admin/api/users/1/invitees', roles: READ },
  { method: 'GET', url: '/admin/api/users/1/payout-methods', roles: READ },
  { method: 'GET', url: '/admin/api/messages', roles: READ },
  { method: 'GET', url: '/admin/api/instruments', roles: READ },
  { method: 'GET', url: '/admin/api/sessions', roles: READ },
  { method: 'GET', url: '/admin/api/identity', roles: ['compliance', 'support'] },
  { method: 'GET', url: '/admin/api/deposits', roles: ['finance', 'support'] },
  { method: 'GET', url: '/admin/api/withdrawals', roles: ['finance', 'support'] },
  { method: 'POST', url: '/admin/api/identity/999/approve', roles: ['compliance'] },
  { method: 'POST', url: '/admin/api/identity/999/reject', body: { remark: 'x' }, roles: ['compliance'] },
  { method: 'POST', url: '/admin/api/deposits/999/approve', roles: ['finance'] },
  { method: 'POST', url: '/admin/api/withdrawals/999/reject', body: { remark: 'x' }, roles: ['finance'] },
  {
    method: 'POST',
    url: '/admin/api/users/1/adjust',
    body: { amount: '1', reason: 'x' },
    roles: ['finance'],
  },
  {
    method: 'POST',
    url: '/admin/api/users/1/disable',
    body: { disabled: 1, reason: 'x' },
    roles: ['compliance'],
  },
  { method: 'POST', url: '/admin/api/users/1/logout', body: { reason: 'x' }, roles: ['compliance'] },
  {
    method: 'POST',
    url: '/admin/api/users/1/freeze',
    body: { trading: false, reason: 'x' },
    roles: ['compliance'],
  },
  // An unknown user: the roles allowed get 404, the others 403.
  {
    method: 'POST',
    url: '/admin/api/users/999999/reset-password',
    body: { reason: 'x' },
    roles: ['compliance'],
  },
  { method: 'POST', url: '/admin/api/users/1/orders/999/close', body: { reason: 'x' }, roles: [] },
  { method: 'POST', url: '/admin/api/instruments/1', body: { spread_points: 12 }, roles: [] },
  { method: 'POST', url: '/admin/api/settings', body: { stale_quote_s: 30 }, roles: [] },
  { method: 'GET', url: '/admin/api/staff', roles: [] },
  { method: 'GET', url: '/admin/api/audit', roles: [] },
];

describe.each(databaseEngines())('roles on %s', (engine) => {
  let rt: TestRuntime;
  const tokens = new Map<StaffRole, string>();

  beforeAll(async () => {
    rt = await startTestRuntime({ engine });
    for (const role of ['admin', 'finance', 'compliance', 'support'] as StaffRole[])
      tokens.set(role, await staffToken(rt, [role]));
  });
  afterAll(() => rt.dispose());

  it('refuses each action to exactly the roles it does not belong to', async () => {
    const wrong: string[] = [];
    for (const action of ACTIONS)
      for (const [role, token] of tokens) {
        const allowed = role === 'admin' || action.roles.includes(role);
        const { code } = await callApi(rt, action.method, action.url, token, action.body);
        if ((code === 403) === allowed) wrong.push(`${role} ${action.method} ${action.url}: ${code}`);
      }
    expect(wrong).toEqual([]);
  });

  it('names the roles an action needs when it refuses one', async () => {
    const answer = await callApi(rt, 'POST', '/admin/api/deposits/1/approve', tokens.get('support'), {});
    expect(answer).toEqual({
      code: 403,
      msg: 'Your staff account cannot do this: it needs one of the roles finance, admin',
      data: null,
    });
  });
});
