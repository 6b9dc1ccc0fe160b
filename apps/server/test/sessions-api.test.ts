/**
 * Sessions and devices: the list of where a user is signed in (device, browser, area, address,
 * last use written at most once a minute), signing one session out (its token answers 999 and its
 * socket is told at once), signing out all the others, and the e-mail that tells of a sign-in from
 * a device never seen for that user, read from a real SMTP server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult, SignedInSession } from '@omp/protocol';
import type { EnvelopeBody } from './helpers/account-helpers.ts';
import { useMailedAccounts } from './helpers/mailed-accounts.ts';
import { RecordingClient, type Message } from './helpers/recording-client.ts';
import { VerificationRepository } from '../src/repositories/verification-repository.ts';
import { databaseEngines, testPasswords } from './helpers/test-runtime.ts';

const PASSWORD = 'Sturdy-pass-81';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.230 Mobile Safari/537.36';

interface Device {
  userAgent: string;
  deviceId: string;
  timeZone: string;
  ip: string;
  /** The language the browser's app speaks; English unless told. */
  lang?: string;
}
const phone: Device = {
  userAgent: IPHONE,
  deviceId: 'phone-device-id-0001',
  timeZone: 'Europe/London',
  ip: '10.0.0.1',
};
const tablet: Device = {
  userAgent: ANDROID,
  deviceId: 'tablet-device-id-0002',
  timeZone: 'Asia/Hong_Kong',
  ip: '10.0.0.2',
};

let users = 0;

describe.each(databaseEngines())('sessions and devices on %s', (engine) => {
  const accounts = useMailedAccounts(engine);
  const sockets: RecordingClient[] = [];
  let socketUrl: string;

  beforeAll(async () => {
    const { rt } = accounts();
    await rt.app.listen({ port: 0, host: '127.0.0.1' });
    const address = rt.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    socketUrl = `ws://127.0.0.1:${address.port}/v1/ws?lang=en`;
  });
  afterAll(() => {
    for (const socket of sockets) socket.close();
  });

  /** A call as the app makes it from `device`: its User-Agent, device id, time zone and address. */
  async function call<T>(
    device: Device,
    method: 'GET' | 'POST',
    url: string,
    options: { token?: string; form?: Record<string, string> } = {},
  ): Promise<EnvelopeBody<T>> {
    const res = await accounts().rt.app.inject({
      method,
      url,
      remoteAddress: device.ip,
      headers: {
        lang: device.lang ?? 'en',
        'user-agent': device.userAgent,
        'device-id': device.deviceId,
        'time-zone': device.timeZone,
        ...(options.token ? { authorization: options.token } : {}),
        ...(options.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(options.form ? { payload: new URLSearchParams(options.form).toString() } : {}),
    });
    return res.json() as EnvelopeBody<T>;
  }

  /** Registers a user from `device` (a code from the mailbox) and answers their e-mail and token. */
  async function register(device: Device) {
    const { mailbox, sendEmailCode } = accounts();
    const email = `devices-${++users}-${engine}@example.com`;
    expect((await sendEmailCode(email, 1, device.ip)).code).toBe(1);
    const registered = await call<LoginResult>(device, 'POST', '/api/user/register', {
      form: {
        type: 'email',
        account: email,
        password: PASSWORD,
        re_password: PASSWORD,
        sms_code: mailbox.codeFor(email),
      },
    });
    expect(registered.code).toBe(1);
    return { email, token: registered.data.token };
  }

  const login = async (device: Device, email: string) => {
    const answer = await call<LoginResult>(device, 'POST', '/api/user/loginForU', {
      form: { account: email, password: PASSWORD },
    });
    expect(answer.code).toBe(1);
    return answer.data.token;
  };
  const sessionsOf = async (device: Device, token: string) =>
    (await call<SignedInSession[]>(device, 'GET', '/api/user/sessions', { token })).data;
  /** Signs the session numbered `id` out, asked from `device` with `token`. */
  const signOut = (device: Device, token: string, id: number) =>
    call(device, 'POST', '/api/user/sessions/sign_out', { token, form: { id: String(id) } });
  const noticesTo = async (email: string) =>
    (await accounts().sentMail())
      .messagesTo(email)
      .filter((m) => m.subject === 'New sign-in to your account');

  async function signedInSocket(token: string) {
    const client = new RecordingClient(socketUrl);
    sockets.push(client);
    await client.open();
    client.send({ type: 'login', params: token });
    expect(
      await client.waitFor((m: Message) => typeof m === 'object' && m.type === 'login_result'),
    ).toMatchObject({ code: 1 });
    return client;
  }

  it('lists each session with its device, browser, area, address and last use, the current one marked', async () => {
    const { rt } = accounts();
    const { email, token: phoneToken } = await register(phone);
    const openedAt = Math.floor(rt.clock.now() / 1000);
    rt.clock.advance(5 * 60_000);
    const tabletToken = await login(tablet, email);

    const seen = await sessionsOf(tablet, tabletToken);
    expect(seen).toEqual([
      {
        id: expect.any(Number),
        current: true,
        demo: false,
        device: 'Android 14',
        browser: 'Chrome 120.0',
        area: 'Asia/Hong_Kong',
        ip: '10.0.0.2',
        created_at: openedAt + 300,
        last_used_at: openedAt + 300,
      },
      {
        id: expect.any(Number),
        current: false,
        demo: false,
        device: 'iPhone, iOS 17.5',
        browser: 'Safari 17.5',
        area: 'Europe/London',
        ip: '10.0.0.1',
        created_at: openedAt,
        last_used_at: openedAt,
      },
    ]);

    // Used again within the minute of its last write: nothing is written.
    rt.clock.advance(30_000);
    expect((await sessionsOf(tablet, tabletToken))[0]?.last_used_at).toBe(openedAt + 300);
    // A minute on, the first request moves it; the phone's session was not used and stays.
    rt.clock.advance(31_000);
    await sessionsOf(tablet, tabletToken);
    await expect
      .poll(async () => (await sessionsOf(tablet, tabletToken)).map((s) => s.last_used_at))
      .toEqual([openedAt + 361, openedAt]);
    expect(phoneToken).not.toBe(tabletToken);
  });

  it('signs one session out: its token answers 999 and its socket is told at once', async () => {
    const { email, token: phoneToken } = await register(phone);
    const tabletToken = await login(tablet, email);
    const socket = await signedInSocket(tabletToken);
    const tabletSession = (await sessionsOf(phone, phoneToken)).find((s) => !s.current)!;

    const answer = await signOut(phone, phoneToken, tabletSession.id);
    expect(answer).toMatchObject({ code: 1, msg: 'Device signed out' });
    expect(
      await socket.waitFor((m: Message) => typeof m === 'object' && m.type === 'session_ended'),
    ).toMatchObject({ code: 999, reason: 'signed_out_elsewhere', msg: expect.stringContaining('another') });
    expect((await call(tablet, 'GET', '/api/user/info', { token: tabletToken })).code).toBe(999);
    expect((await call(phone, 'GET', '/api/user/info', { token: phoneToken })).code).toBe(1);
    expect((await sessionsOf(phone, phoneToken)).map((s) => s.current)).toEqual([true]);

    // Again, or another user's session: not found, and nothing else ends.
    const again = await signOut(phone, phoneToken, tabletSession.id);
    expect(again.code).toBe(404);
    const stranger = await register(tablet);
    const strangers = await signOut(tablet, stranger.token, (await sessionsOf(phone, phoneToken))[0]!.id);
    expect(strangers.code).toBe(404);
    expect((await call(phone, 'GET', '/api/user/info', { token: phoneToken })).code).toBe(1);
    // Naming its own session is a logout of this device.
    const own = (await sessionsOf(phone, phoneToken))[0]!;
    const phoneSocket = await signedInSocket(phoneToken);
    expect((await signOut(phone, phoneToken, own.id)).code).toBe(1);
    expect(
      await phoneSocket.waitFor((m: Message) => typeof m === 'object' && m.type === 'session_ended'),
    ).toMatchObject({ reason: 'logout' });
    expect((await call(phone, 'GET', '/api/user/info', { token: phoneToken })).code).toBe(999);
  });

  it('signs out every other session and keeps the current one', async () => {
    const { email, token: phoneToken } = await register(phone);
    const tabletToken = await login(tablet, email);
    const laptopToken = await login({ ...tablet, deviceId: 'laptop-device-id-0003' }, email);
    const tabletSocket = await signedInSocket(tabletToken);
    const phoneSocket = await signedInSocket(phoneToken);
    expect(await sessionsOf(phone, phoneToken)).toHaveLength(3);

    const answer = await call(phone, 'POST', '/api/user/sessions/sign_out_others', { token: phoneToken });
    expect(answer).toMatchObject({ code: 1, data: { ended: 2 } });
    await tabletSocket.waitFor((m: Message) => typeof m === 'object' && m.type === 'session_ended');
    for (const token of [tabletToken, laptopToken])
      expect((await call(tablet, 'GET', '/api/user/info', { token })).code).toBe(999);
    const mine = await sessionsOf(phone, phoneToken);
    expect(mine.map((s) => [s.current, s.device])).toEqual([[true, 'iPhone, iOS 17.5']]);
    expect(phoneSocket.received.some((m) => typeof m === 'object' && m.type === 'session_ended')).toBe(false);
  });

  it("ends the own demo account's sessions with the others: a device signed out keeps no way in", async () => {
    const { email, token: phoneToken } = await register(phone);
    const tabletToken = await login(tablet, email);
    const ownDemo = async (device: Device, token: string) => {
      const answer = await call<LoginResult>(device, 'POST', '/api/user/demo_session', { token });
      expect(answer.code).toBe(1);
      return answer.data.token;
    };
    // The tablet went into the demo account, which also reads the real account's statement.
    const tabletDemo = await ownDemo(tablet, tabletToken);
    const demoSocket = await signedInSocket(tabletDemo);
    const listed = await sessionsOf(phone, phoneToken);
    expect(listed.map((s) => [s.current, s.demo])).toEqual(
      expect.arrayContaining([
        [true, false],
        [false, false],
        [false, true],
      ]),
    );
    expect(listed).toHaveLength(3);

    const answer = await call(phone, 'POST', '/api/user/sessions/sign_out_others', { token: phoneToken });
    expect(answer).toMatchObject({ code: 1, data: { ended: 2 } });
    expect(
      await demoSocket.waitFor((m: Message) => typeof m === 'object' && m.type === 'session_ended'),
    ).toMatchObject({ code: 999, reason: 'signed_out_elsewhere' });
    for (const token of [tabletToken, tabletDemo])
      expect((await call(tablet, 'GET', '/api/user/info', { token })).code).toBe(999);
    expect((await call(phone, 'GET', '/api/user/info', { token: phoneToken })).code).toBe(1);

    // One demo session signed out by itself: its token and its socket end, nothing else.
    const phoneDemo = await ownDemo(phone, phoneToken);
    const phoneDemoSocket = await signedInSocket(phoneDemo);
    const demoSession = (await sessionsOf(phone, phoneToken)).find((s) => s.demo)!;
    expect((await signOut(phone, phoneToken, demoSession.id)).code).toBe(1);
    await phoneDemoSocket.waitFor((m: Message) => typeof m === 'object' && m.type === 'session_ended');
    expect((await call(phone, 'GET', '/api/user/info', { token: phoneDemo })).code).toBe(999);
    expect((await call(phone, 'GET', '/api/user/info', { token: phoneToken })).code).toBe(1);
  });

  it('e-mails a sign-in from a new device once, and nothing for a known one or the first session', async () => {
    const { email } = await register(phone);
    expect(await noticesTo(email)).toEqual([]);
    await login(phone, email);
    expect(await noticesTo(email)).toEqual([]);

    await login(tablet, email);
    const notices = await noticesTo(email);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain('Device: Android 14');
    expect(notices[0]!.text).toContain('Browser: Chrome 120.0');
    expect(notices[0]!.text).toContain('Area (time zone): Asia/Hong_Kong');
    expect(notices[0]!.text).toContain('IP address: 10.0.0.2');
    expect(notices[0]!.text).toMatch(/Time: \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);
    expect(notices[0]!.text).toContain('If this was not you, change your password at once');

    // The same new device again, at once or later: it is known now.
    await login(tablet, email);
    await Promise.all([login(tablet, email), login(tablet, email)]);
    expect(await noticesTo(email)).toHaveLength(1);
    // Two sign-ins racing from one more new device tell of it once.
    const desktop = {
      ...tablet,
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
      deviceId: 'desktop-device-id-004',
    };
    await Promise.all([login(desktop, email), login(desktop, email)]);
    expect(await noticesTo(email)).toHaveLength(2);
    expect((await noticesTo(email))[1]!.text).toContain('Device: Windows 10');
  });

  it('writes the notice in the language the owner uses the app in, not the new browser’s', async () => {
    const { email } = await register(phone);
    // The owner uses the app in Japanese; someone signs in from a browser that speaks Russian.
    const ownPhone = { ...phone, lang: 'jp' };
    const token = await login(ownPhone, email);
    expect((await sessionsOf(ownPhone, token)).length).toBe(2);
    await login({ ...tablet, lang: 'ru' }, email);
    const [notice] = (await accounts().sentMail()).messagesTo(email).slice(-1);
    expect(notice!.subject).toBe('アカウントへの新しいログイン');
    expect(notice!.text).toContain('地域（タイムゾーン）：Asia/Hong_Kong');
  });

  it('counts a sign-in without a device id as a new device, and ignores a device id or zone that looks wrong', async () => {
    const { email } = await register(phone);
    const odd: Device = { ...phone, deviceId: 'short', timeZone: 'Mars/Olympus_Mons' };
    const token = await login(odd, email);
    const notices = await noticesTo(email);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain('Area (time zone): ?');
    const current = (await sessionsOf(phone, token)).find((s) => s.current);
    expect(current).toMatchObject({ area: '', device: 'iPhone, iOS 17.5' });
  });

  it('texts the notice to a user who signs in with a mobile number only', async () => {
    const { rt } = accounts();
    const { email, token } = await register(phone);
    const info = await call<{ id: number }>(phone, 'GET', '/api/user/info', { token });
    const mobile = `+8529${String(++users).padStart(7, '0')}`;
    await rt.database.db
      .updateTable('users')
      .set({ email: null, mobile, area_id: null, password_hash: await testPasswords.hash(PASSWORD) })
      .where('id', '=', info.data.id)
      .execute();
    rt.app.auth.forgetUser(info.data.id);
    await login(tablet, mobile);
    await rt.notices.idle(); // notices leave in the background (services/security-notices.ts)
    const texts = await new VerificationRepository(rt.database.db).listOutbox(10, mobile);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ channel: 'sms', subject: 'New sign-in to your account' });
    expect(texts[0]!.body).toContain('Device: Android 14');
    expect(await noticesTo(email)).toEqual([]);
  });
});
