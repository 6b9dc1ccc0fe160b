/**
 * Every call the OpenAPI document marks as needing a session answers 999 to a request without a
 * live one of the right kind, before it judges anything the request carries (http/session-guard.ts):
 * no token, a dead token, a user's token on a staff call and a staff token on a user call, each with
 * a query that would otherwise be refused field by field and a body that could not even be read
 * (the guard answers on the headers, before the body is parsed). A back-office call that names
 * its roles (`x-staff-roles`) refuses a staff member without one of them (403) and a session still
 * at its second factor (999) just as early. And no call marked public answers 999 to a request
 * without a token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnvelopeBody } from './helpers/account-helpers.ts';
import { operationsOf, type FuzzOperation } from './helpers/fuzz-requests.ts';
import { adminToken, callApi, staffLogin, staffToken as staffWithRoles } from './helpers/staff-helpers.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';

describe.each(databaseEngines())('calls that need a session, on %s', (engine) => {
  let rt: TestRuntime;
  let operations: FuzzOperation[];
  let userToken: string;
  let staffToken: string;

  beforeAll(async () => {
    rt = await startTestRuntime({ engine });
    operations = operationsOf((await rt.app.inject({ method: 'GET', url: '/openapi.json' })).json());
    userToken = (await tradingClient(rt).realUser('100')).token;
    staffToken = await adminToken(rt);
  });
  afterAll(() => rt?.dispose());

  /**
   * The operation with every path parameter filled, a query no call takes, and a body that cannot
   * even be read (a key twice, then cut short): its refusal must wait for the session's.
   */
  const call = async (operation: FuzzOperation, token: string | undefined) => {
    const path = operation.path.replace(/\{[^}]+\}/g, '1');
    const res = await rt.app.inject({
      method: operation.method as 'GET',
      url: `${path}?unknown_field=%00`,
      headers: {
        lang: 'en',
        ...(token ? { authorization: token } : {}),
        ...(operation.method === 'GET' ? {} : { 'content-type': 'application/json' }),
      },
      ...(operation.method === 'GET' ? {} : { payload: '{"unknown_field":"\\u0000","unknown_field":' }),
    });
    return res.json() as EnvelopeBody;
  };

  it('answers 999 before judging the fields of a request without a session of its kind', async () => {
    const secured = operations.filter((operation) => operation.secured);
    expect(secured.length).toBeGreaterThan(100);
    const wrong: string[] = [];
    for (const operation of secured) {
      const otherKind = operation.staff ? userToken : staffToken;
      for (const token of [undefined, 'not-a-live-token', `Bearer ${otherKind}`]) {
        const answer = await call(operation, token);
        if (answer.code !== 999)
          wrong.push(`${operation.method} ${operation.path} (${token}): ${answer.msg}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses a staff member without the role a call names before judging its fields', async () => {
    const supportToken = await staffWithRoles(rt, ['support']);
    const notForSupport = operations.filter(
      (operation) => operation.staffRoles?.length && !operation.staffRoles.includes('support'),
    );
    expect(notForSupport.length).toBeGreaterThan(20);
    const wrong: string[] = [];
    for (const operation of notForSupport) {
      const answer = await call(operation, supportToken);
      if (answer.code !== 403) wrong.push(`${operation.method} ${operation.path}: ${answer.msg}`);
    }
    expect(wrong).toEqual([]);
  });

  it('tells a staff session still at its second factor to sign in on every call that names roles', async () => {
    const username = `pending-${process.pid}-${engine}`;
    const password = 'Pending-pass-4417';
    const created = await callApi(rt, 'POST', '/admin/api/staff', await adminToken(rt), {
      username,
      password,
      roles: ['finance'],
    });
    expect(created.code).toBe(1);
    const pending = (await staffLogin(rt, username, password)).data!.token;
    const withRoles = operations.filter((operation) => operation.staffRoles);
    const wrong: string[] = [];
    for (const operation of withRoles) {
      const answer = await call(operation, pending);
      if (answer.code !== 999) wrong.push(`${operation.method} ${operation.path}: ${answer.msg}`);
    }
    expect(wrong).toEqual([]);
  });

  it('names the roles of every back-office call but those a session at its second factor makes (and its logout)', () => {
    const unnamed = operations
      .filter((operation) => operation.staff && operation.secured && !operation.staffRoles)
      .map((operation) => `${operation.method} ${operation.path}`);
    expect(unnamed.sort()).toEqual([
      'POST /admin/api/2fa/enrol',
      'POST /admin/api/2fa/enrol/confirm',
      'POST /admin/api/2fa/verify',
      // Ends the sign-in it is made from, second factor passed or not.
      'POST /admin/api/logout',
    ]);
  });

  it('leaves every call marked public open to a request without a token', async () => {
    const refused: string[] = [];
    for (const operation of operations.filter((candidate) => !candidate.secured)) {
      const answer = await call(operation, undefined);
      if (answer.code === 999) refused.push(`${operation.method} ${operation.path}: ${answer.msg}`);
    }
    expect(refused).toEqual([]);
  });
});
