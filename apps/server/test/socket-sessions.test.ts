/**
 * Sessions and the socket: whatever ends a session (logout, a password change or reset, staff
 * disabling the user or ending their sessions, expiry) cuts the sockets signed in with it off the
 * user's private pushes at once and tells them why, while their public topics keep flowing. Also
 * the staff calls behind two of those causes, and what a disabled user's logins and old tokens get.
 *
 * The private push watched is FOREX_TRADE, which a flush sends to the sockets of a user holding a
 * position; the public one is the EURUSD quote the same flush sends.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LoginResult, UserAccess, WireAuditEntry } from '@omp/protocol';
import type { SessionEnded } from '../src/events/event-bus.ts';
import { SESSION_TTL_MS } from '../src/services/auth-service.ts';
import { RecordingClient, type Message } from './helpers/recording-client.ts';
import { adminToken, callApi, staffToken } from './helpers/staff-helpers.ts';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';

const PASSWORD = 'Sturdy-pass-81';
const isType = (type: string) => (m: Message) => typeof m === 'object' && m.type === type;

/** Sends a message and waits for the first answer of `type` that arrives after it. */
async function ask(client: RecordingClient, message: object, type: string): Promise<Message> {
  const mark = client.received.length;
  client.send(message);
  return client.waitFor((m) => isType(type)(m) && client.received.indexOf(m) >= mark);
}
let traders = 0;

describe.each(databaseEngines())('sessions and the socket on %s', (engine) => {
  let rt: TestRuntime;
  let t: ReturnType<typeof tradingClient>;
  let url: string;
  let eurusd: number;
  let bidPoints = 110_000;
  const sockets: RecordingClient[] = [];

  beforeAll(async () => {
    rt = await startTestRuntime({ engine });
    await rt.app.listen({ port: 0, host: '127.0.0.1' });
    const address = rt.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    url = `ws://127.0.0.1:${address.port}/v1/ws?lang=en`;
    t = tradingClient(rt);
    eurusd = t.spec('EURUSD').id;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await rt?.dispose();
  });
  beforeEach(() => {
    rt.clock.advance(1000);
    t.tick('EURUSD', '1.10000', '1.10012');
  });

  /** A funded real user with an e-mail address and a password, holding one position. */
  async function trader() {
    const { token, id } = await t.realUser('10000');
    const email = `trader-${++traders}-${engine}@example.com`;
    await t.signInWith(id, email, PASSWORD);
    expect((await t.submit(token, { type: 1, cont: '0.1', forex_id: eurusd, status: 1 })).code).toBe(1);
    return { token, id, email };
  }

  async function login(email: string, password = PASSWORD) {
    return t.postForm<LoginResult>('/api/user/loginForU', { account: email, password });
  }

  /** A socket signed in with `token`, on one public and one private topic. */
  async function signedInSocket(token: string): Promise<RecordingClient> {
    const client = new RecordingClient(url);
    sockets.push(client);
    await client.open();
    client.send({ type: 'login', params: token });
    expect(await client.waitFor(isType('login_result'))).toMatchObject({ code: 1 });
    client.send({ type: 'sub', params: 'DAY_MARKET.EURUSD' });
    client.send({ type: 'sub', params: 'FOREX_TRADE' });
    await client.waitFor(isType('FOREX_TRADE'));
    return client;
  }

  /**
   * A new EURUSD price and a flush a second later: what the socket received from it. The flush
   * runs in this process, so a pong answered after it comes after everything the flush sent.
   */
  async function pushRound(client: RecordingClient): Promise<Message[]> {
    const mark = client.received.length;
    rt.clock.advance(1100);
    bidPoints += 1;
    const spec = t.spec('EURUSD');
    rt.market.applyTicks([
      { code: 'EURUSD', bid: bidPoints, ask: bidPoints + spec.spreadPoints, timeMs: rt.clock.now() },
    ]);
    rt.hub.flush();
    client.send('ping');
    await client.waitFor((m) => m === 'pong' && client.received.slice(mark).includes('pong'));
    return client.received.slice(mark);
  }

  async function expectPrivatePushes(client: RecordingClient) {
    const round = await pushRound(client);
    // At least one: on a loaded machine a second trade-stream push once reached the socket within
    // the round (the stream's pass is sliced over turns, and the hub's own timer flushes too); how
    // many a round carries is the trade stream's tests' business, this one's is who gets any.
    expect(round.filter(isType('FOREX_TRADE')).length).toBeGreaterThanOrEqual(1);
    expect(round.filter(isType('DAY_MARKET'))).toHaveLength(1);
  }

  /** Told once, with the reason; from then on public quotes only. */
  async function expectCutOff(client: RecordingClient, reason: string, msg: string) {
    expect(await client.waitFor(isType('session_ended'))).toEqual({
      type: 'session_ended',
      code: 999,
      msg,
      reason,
    });
    const round = await pushRound(client);
    expect(round.filter(isType('FOREX_TRADE'))).toEqual([]);
    expect(round.filter(isType('DAY_MARKET'))).toHaveLength(1);
    expect(client.received.filter(isType('session_ended'))).toHaveLength(1);
  }

  it('logout ends that session only: its socket is told, the socket of another session goes on', async () => {
    const { token, email } = await trader();
    const other = (await login(email)).data.token;
    const loggingOut = await signedInSocket(token);
    const staying = await signedInSocket(other);
    await expectPrivatePushes(loggingOut);

    expect(await t.postForm('/api/user/logout', {}, token)).toMatchObject({ code: 1 });
    await expectCutOff(loggingOut, 'logout', 'You have logged out of this session.');
    await expectPrivatePushes(staying);
    expect(staying.received.filter(isType('session_ended'))).toEqual([]);
  });

  it('a password change ends every session; the socket of the device that changed it signs in with the new token', async () => {
    const { token, email } = await trader();
    const changing = (await login(email)).data.token;
    const elsewhere = await signedInSocket(token);
    const here = await signedInSocket(changing);

    const changed = await t.changePasswordByCode(changing, email, 'Changed-pass-456');
    expect(changed).toMatchObject({ code: 1 });
    await expectCutOff(
      elsewhere,
      'password_changed',
      'Your password was changed, so you have been logged out. Please log in with the new password.',
    );
    for (const old of [token, changing])
      expect(await t.get('/api/user/info', old)).toMatchObject({ code: 999 });

    // The answer raced nothing: this device was not told to sign out, and moves to its new session.
    expect(here.received.filter(isType('session_ended'))).toEqual([]);
    expect(await ask(here, { type: 'login', params: changed.data.token }, 'login_result')).toMatchObject({
      code: 1,
    });
    await expectPrivatePushes(here);
  });

  it('a password change leaves no socket on the old token: another holder of it gets nothing more, then or later', async () => {
    const { token, email } = await trader();
    const here = await signedInSocket(token);
    // Someone else holding the same (stolen) token, on a socket of their own.
    const stolen = await signedInSocket(token);
    const closedToo = (socket: RecordingClient) =>
      ask(socket, { type: 'sub', params: 'FOREX_CLOSED' }, 'sub_result');
    await closedToo(stolen);
    const changed = await t.changePasswordByCode(token, email, 'Changed-pass-456');
    expect(changed).toMatchObject({ code: 1 });
    // Neither is told (the device's own would sign out), and neither is on the old session now.
    for (const socket of [here, stolen]) {
      expect((await pushRound(socket)).filter(isType('FOREX_TRADE'))).toEqual([]);
      expect(socket.received.filter(isType('session_ended'))).toEqual([]);
    }
    // The device signs in with the new token and carries on with its topics, without subscribing again.
    expect(await ask(here, { type: 'login', params: changed.data.token }, 'login_result')).toMatchObject({
      code: 1,
    });
    await expectPrivatePushes(here);

    // A later session of the user: its orders reach its own sockets only.
    expect(await t.postForm('/api/user/logout', {}, changed.data.token)).toMatchObject({ code: 1 });
    await expectCutOff(here, 'logout', 'You have logged out of this session.');
    const later = (await login(email, 'Changed-pass-456')).data.token;
    const laterSocket = await signedInSocket(later);
    await closedToo(laterSocket);
    const mark = stolen.received.length;
    const placed = await t.submit(later, { type: 1, cont: '0.1', forex_id: eurusd, status: 1 });
    expect(placed.code).toBe(1);
    expect((await t.close(later, placed.data.Id)).code).toBe(1);
    await laterSocket.waitFor(isType('FOREX_CLOSED'));
    await pushRound(stolen);
    const privateTypes = ['FOREX_TRADE', 'FOREX_ORDER', 'FOREX_CLOSED'];
    expect(stolen.received.slice(mark).filter((m) => privateTypes.some((type) => isType(type)(m)))).toEqual(
      [],
    );
  });

  it('a password change heard late leaves the socket signed in again with the new token alone', async () => {
    const { token, email } = await trader();
    const here = await signedInSocket(token);
    const heard: SessionEnded[] = [];
    const stopHearing = rt.events.subscribe('session_ended', (event) => heard.push(event));
    const changed = await t.changePasswordByCode(token, email, 'Changed-pass-456');
    stopHearing();
    expect(changed).toMatchObject({ code: 1 });
    expect(await ask(here, { type: 'login', params: changed.data.token }, 'login_result')).toMatchObject({
      code: 1,
    });
    // The end reaches this node only now, as it can on a cluster (Redis delivers it to each node in
    // its own time): the socket is on a session opened after it.
    expect(heard).toHaveLength(1);
    rt.events.publish('session_ended', heard[0]!);
    await expectPrivatePushes(here);
    expect(here.received.filter(isType('session_ended'))).toEqual([]);
  });

  it('a password reset ends every session', async () => {
    const { token, email } = await trader();
    const socket = await signedInSocket(token);
    expect(
      await t.postForm('/api/notify/send_email', { to: email, type: 2, ...(await t.solvedCaptcha()) }),
    ).toMatchObject({ code: 1 });
    const reset = await t.postForm('/api/user/forget_password', {
      type: 'email',
      account: email,
      new_password: 'Renewed-pass-789',
      secondary_password: 'Renewed-pass-789',
      auth_code: await t.codeFromOutbox(email),
    });
    expect(reset).toMatchObject({ code: 1 });
    await expectCutOff(
      socket,
      'password_reset',
      'Your password was reset, so you have been logged out. Please log in with the new password.',
    );
  });

  it('staff disabling a user ends every session at once; logins are refused until enabled again', async () => {
    const { token, id, email } = await trader();
    const socket = await signedInSocket(token);
    // Their own demo account closes with them: its socket is told as well.
    const ownDemo = await t.postForm<LoginResult>('/api/user/demo_session', {}, token);
    expect(ownDemo).toMatchObject({ code: 1 });
    const demoSocket = await signedInSocket(ownDemo.data.token);
    const compliance = await staffToken(rt, ['compliance']);
    const finance = await staffToken(rt, ['finance']);
    const disable = { disabled: true, reason: 'Card chargebacks under review' };

    expect(await callApi(rt, 'POST', `/admin/api/users/${id}/disable`, finance, disable)).toMatchObject({
      code: 403,
    });
    expect(await callApi(rt, 'POST', '/admin/api/users/99999999/disable', compliance, disable)).toMatchObject(
      {
        code: 404,
        msg: 'There is no user with id 99999999',
      },
    );
    expect(await t.get('/api/user/info', token)).toMatchObject({ code: 1 });

    const disabled = await callApi<UserAccess>(
      rt,
      'POST',
      `/admin/api/users/${id}/disable`,
      compliance,
      disable,
    );
    expect(disabled).toMatchObject({
      code: 1,
      msg: 'User disabled; every session has ended',
      data: { id, disabled: 1, live_sessions: 0 },
    });
    await expectCutOff(
      socket,
      'user_disabled',
      'Your account has been disabled and you have been logged out. Please contact customer service.',
    );
    await expectCutOff(
      demoSocket,
      'user_disabled',
      'Your account has been disabled and you have been logged out. Please contact customer service.',
    );
    expect(await t.get('/api/user/info', ownDemo.data.token)).toMatchObject({ code: 999 });
    expect(await t.get('/api/user/info', token)).toMatchObject({ code: 999 });
    expect(await login(email)).toMatchObject({
      code: 0,
      msg: 'This account has been disabled. Please contact customer service.',
    });
    expect(await ask(socket, { type: 'login', params: token }, 'login_result')).toMatchObject({ code: 999 });

    const audit = await callApi<{ list: WireAuditEntry[] }>(
      rt,
      'GET',
      `/admin/api/audit?target_type=user&target_id=${id}`,
      await adminToken(rt),
    );
    expect(audit.data.list).toEqual([
      expect.objectContaining({
        action: 'user.disable',
        // The phone's session and its own demo account's: both were live, both ended.
        before: expect.objectContaining({ disabled: 0, live_sessions: 2 }),
        after: expect.objectContaining({ disabled: 1, live_sessions: 0, reason: disable.reason }),
      }),
    ]);

    expect(
      await callApi(rt, 'POST', `/admin/api/users/${id}/disable`, compliance, {
        disabled: false,
        reason: 'Cleared',
      }),
    ).toMatchObject({ code: 1, msg: 'User enabled; they can log in again', data: { disabled: 0 } });
    expect(await login(email)).toMatchObject({ code: 1 });
  });

  it('staff ending every session of a user: told, private topics left, and a new login starts clean', async () => {
    const { token, id, email } = await trader();
    const socket = await signedInSocket(token);
    const compliance = await staffToken(rt, ['compliance']);
    const ended = await callApi<UserAccess>(rt, 'POST', `/admin/api/users/${id}/logout`, compliance, {
      reason: 'Customer reported a stolen phone',
    });
    expect(ended).toMatchObject({
      code: 1,
      msg: 'Every session of the user has ended',
      data: { live_sessions: 0 },
    });
    await expectCutOff(
      socket,
      'forced_logout',
      'You have been logged out by customer service. Please log in again.',
    );
    expect(await t.get('/api/user/info', token)).toMatchObject({ code: 999 });

    // The user may come back; the socket left FOREX_TRADE, so it asks for it again.
    const fresh = await login(email);
    expect(await ask(socket, { type: 'login', params: fresh.data.token }, 'login_result')).toMatchObject({
      code: 1,
    });
    expect((await pushRound(socket)).filter(isType('FOREX_TRADE'))).toEqual([]);
    await ask(socket, { type: 'sub', params: 'FOREX_TRADE' }, 'FOREX_TRADE');
    await expectPrivatePushes(socket);
  });

  it('documents the staff calls on users in the OpenAPI document', async () => {
    const doc = (await rt.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[]; requestBody?: unknown }>>;
    };
    for (const path of ['/admin/api/users/{id}/disable', '/admin/api/users/{id}/logout']) {
      expect(doc.paths[path]?.post?.tags).toEqual(['staff: users']);
      expect(doc.paths[path]?.post?.requestBody).toBeDefined();
    }
  });

  // Last: it moves the clock past every session opened so far.
  it('the hub notices a session reaching its expiry', async () => {
    const { token } = await trader();
    const socket = await signedInSocket(token);
    await expectPrivatePushes(socket);
    rt.clock.advance(SESSION_TTL_MS);
    rt.hub.flush();
    await expectCutOff(socket, 'expired', 'Your session has expired. Please log in again.');
  });
});
