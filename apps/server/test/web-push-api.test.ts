/**
 * Web Push through the HTTP layer on a real database (SQLite, and PostgreSQL when
 * TEST_DATABASE_URL is set): subscribing and unsubscribing, every refusal, and delivery to a push
 * service the test runs on loopback, which checks the VAPID signature against the server's public
 * key and decrypts the aes128gcm body as the browser would. A 410 removes the subscription, and
 * the keys are the same after a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@omp/protocol';
import { databaseEngines, startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';
import webpush from 'web-push';
import { serverSecret } from '../src/repositories/server-secrets.ts';
import { vapidPublicKeyOf } from '../src/security/vapid-keys.ts';
import {
  newBrowserSubscription,
  startPushService,
  verifiedVapidClaims,
  type PushService,
} from './helpers/push-service.ts';

const MESSAGE = {
  kind: 'price_alert',
  title: 'EURUSD reached 1.10000',
  body: 'Your alert “EURUSD above 1.1” fired at 12:00 — 价格提醒',
  url: '/#/trade?code=EURUSD',
  tag: 'alert-7',
};

describe.each(databaseEngines())('web push API on %s', (engine) => {
  let rt: TestRuntime;
  let service: PushService;
  beforeAll(async () => {
    service = await startPushService();
    rt = await startTestRuntime({ engine, env: { PUSH_ALLOW_LOOPBACK: 'true' } });
  });
  afterAll(async () => {
    await rt?.dispose();
    await service?.close();
  });

  const call = async (method: 'GET' | 'POST', url: string, token?: string, body?: object) => {
    const res = await rt.app.inject({
      method,
      url,
      headers: { lang: 'en', ...(token ? { authorization: token } : {}) },
      ...(body ? { payload: body } : {}),
    });
    expect(res.statusCode).toBeLessThan(500);
    return res.json() as { code: number; msg: string; data: Record<string, unknown> | null };
  };
  const isSubscribed = async (token: string, endpoint: string) =>
    (await call('GET', `/v1/api/push/subscription?endpoint=${encodeURIComponent(endpoint)}`, token)).data
      ?.subscribed;
  const pushesTo = (id: string) => service.received.filter((push) => push.path === `/push/${id}`);

  it('answers the public key, subscribes and unsubscribes one browser per endpoint', async () => {
    const key = await call('GET', '/v1/api/push/key');
    expect(key.code).toBe(ResponseCode.ok);
    expect(Buffer.from(String(key.data?.public_key), 'base64url')).toHaveLength(65);

    const { token } = await tradingClient(rt).demoUser();
    const other = await tradingClient(rt).demoUser();
    const browser = newBrowserSubscription(service.endpoint('sub-1'));
    expect(await isSubscribed(token, browser.json.endpoint)).toBe(false);
    const subscribed = await call('POST', '/v1/api/push/subscribe', token, browser.json);
    expect(subscribed).toMatchObject({ code: ResponseCode.ok, data: { subscribed: true } });
    expect(await isSubscribed(token, browser.json.endpoint)).toBe(true);

    // Another user signing in on the same browser takes its notifications over.
    await call('POST', '/v1/api/push/subscribe', other.token, browser.json);
    expect(await isSubscribed(token, browser.json.endpoint)).toBe(false);
    expect(await isSubscribed(other.token, browser.json.endpoint)).toBe(true);
    // Only one's own subscription can be removed.
    await call('POST', '/v1/api/push/unsubscribe', token, { endpoint: browser.json.endpoint });
    expect(await isSubscribed(other.token, browser.json.endpoint)).toBe(true);
    const gone = await call('POST', '/v1/api/push/unsubscribe', other.token, {
      endpoint: browser.json.endpoint,
    });
    expect(gone).toMatchObject({ code: ResponseCode.ok, data: { subscribed: false } });
    expect(await isSubscribed(other.token, browser.json.endpoint)).toBe(false);
  });

  it('refuses a visitor, bad keys and endpoints the server must never call', async () => {
    const { token } = await tradingClient(rt).demoUser();
    const browser = newBrowserSubscription(service.endpoint('refusals'));
    const noSession = await call('POST', '/v1/api/push/subscribe', undefined, browser.json);
    expect(noSession).toMatchObject({ code: ResponseCode.sessionInvalid, data: null });
    expect(await call('GET', '/v1/api/push/subscription?endpoint=x')).toMatchObject({
      code: ResponseCode.sessionInvalid,
    });

    const badKey = await call('POST', '/v1/api/push/subscribe', token, {
      ...browser.json,
      keys: { ...browser.json.keys, p256dh: browser.json.keys.p256dh.slice(0, 40) },
    });
    expect(badKey).toMatchObject({
      code: ResponseCode.invalid,
      msg: 'keys.p256dh is not a valid browser push key',
    });
    const badAuth = await call('POST', '/v1/api/push/subscribe', token, {
      ...browser.json,
      keys: { ...browser.json.keys, auth: 'not base64url!' },
    });
    expect(badAuth).toMatchObject({
      code: ResponseCode.invalid,
      msg: 'keys.auth is not a valid browser push key',
    });
    const noKeys = await call('POST', '/v1/api/push/subscribe', token, { endpoint: browser.json.endpoint });
    expect(noKeys).toMatchObject({ code: ResponseCode.invalid, msg: 'keys is required' });

    // Addresses inside the broker's network, plain http, other ports, IP literals, look-alikes.
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.5/push',
      'https://fcm.googleapis.com.evil.example/fcm/send/abc',
      'https://evilfcm.googleapis.com.example/x',
      'https://user:pw@fcm.googleapis.com/fcm/send/abc',
      'file:///etc/passwd',
      'not a url',
    ]) {
      const refused = await call('POST', '/v1/api/push/subscribe', token, { ...browser.json, endpoint });
      expect(refused, endpoint).toMatchObject({ code: ResponseCode.refused, data: null });
      expect(refused.msg).toMatch(/push address is not accepted/);
    }
    // The real push services are accepted.
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGuQyavXutnMH',
    ]) {
      const accepted = await call('POST', '/v1/api/push/subscribe', token, { ...browser.json, endpoint });
      expect(accepted, endpoint).toMatchObject({ code: ResponseCode.ok });
      await call('POST', '/v1/api/push/unsubscribe', token, { endpoint });
    }
  });

  it('delivers to every browser of the user, signed with the server key and encrypted to each browser', async () => {
    const { token, id } = await tradingClient(rt).demoUser();
    const stranger = await tradingClient(rt).demoUser();
    const phone = newBrowserSubscription(service.endpoint('phone'));
    const tablet = newBrowserSubscription(service.endpoint('tablet'));
    const strangers = newBrowserSubscription(service.endpoint('stranger'));
    await call('POST', '/v1/api/push/subscribe', token, phone.json);
    await call('POST', '/v1/api/push/subscribe', token, tablet.json);
    await call('POST', '/v1/api/push/subscribe', stranger.token, strangers.json);
    const publicKey = String((await call('GET', '/v1/api/push/key')).data?.public_key);

    await rt.webPush.deliver(id, MESSAGE);

    expect(pushesTo('stranger')).toHaveLength(0);
    for (const [name, browser] of [
      ['phone', phone],
      ['tablet', tablet],
    ] as const) {
      const [push] = pushesTo(name);
      expect(push, name).toBeDefined();
      expect(push!.headers['content-encoding']).toBe('aes128gcm');
      expect(Number(push!.headers.ttl)).toBeGreaterThan(0);
      expect(push!.headers.topic).toBe('alert-7');
      const claims = verifiedVapidClaims(push!.headers.authorization, publicKey);
      expect(claims.aud).toBe(new URL(service.endpoint(name)).origin);
      expect(claims.sub).toBe('mailto:no-reply@localhost');
      expect(claims.exp * 1000).toBeGreaterThan(Date.now());
      expect(JSON.parse(browser.decrypt(push!.body))).toEqual(MESSAGE);
    }
    // A body encrypted for the phone cannot be read with the tablet's keys.
    expect(() => tablet.decrypt(pushesTo('phone')[0]!.body)).toThrow();
    expect(await rt.metrics.text()).toMatch(/web_push_deliveries_total\{outcome="sent"\} [1-9]/);
  });

  it('removes a subscription the push service says is gone, and keeps one that failed for a while', async () => {
    const { token, id } = await tradingClient(rt).demoUser();
    const gone = newBrowserSubscription(service.endpoint('gone'));
    const busy = newBrowserSubscription(service.endpoint('busy'));
    await call('POST', '/v1/api/push/subscribe', token, gone.json);
    await call('POST', '/v1/api/push/subscribe', token, busy.json);
    service.answer('gone', 410);
    service.answer('busy', 503);

    await rt.webPush.deliver(id, MESSAGE);
    expect(pushesTo('gone')).toHaveLength(1);
    expect(pushesTo('busy')).toHaveLength(1);
    expect(await isSubscribed(token, gone.json.endpoint)).toBe(false);
    expect(await isSubscribed(token, busy.json.endpoint)).toBe(true);
    const metrics = await rt.metrics.text();
    expect(metrics).toMatch(/web_push_deliveries_total\{outcome="gone"\} 1/);
    expect(metrics).toMatch(/web_push_deliveries_total\{outcome="failed"\} 1/);

    // Sent again: the gone one is not tried any more.
    await rt.webPush.deliver(id, MESSAGE);
    expect(pushesTo('gone')).toHaveLength(1);
    expect(pushesTo('busy')).toHaveLength(2);
  });

  it('sends nothing more to a phone once the session that subscribed it has ended', async () => {
    // A demo user the test can sign in again: the same demo id returns to the same account.
    const demoId = `push-session-${process.pid}-${Date.now()}`;
    const signIn = async () => {
      const login = await call('GET', `/api/user/createAccountDemoForU?demo_id=${demoId}`);
      return String(login.data?.token);
    };
    const token = await signIn();
    const id = (await rt.app.auth.userOfToken(token))!.id;
    const phone = newBrowserSubscription(service.endpoint('signed-out'));
    await call('POST', '/v1/api/push/subscribe', token, phone.json);
    await rt.webPush.deliver(id, MESSAGE);
    expect(pushesTo('signed-out')).toHaveLength(1);

    expect((await call('POST', '/api/user/logout', token)).code).toBe(ResponseCode.ok);
    await rt.webPush.deliver(id, MESSAGE);
    expect(pushesTo('signed-out')).toHaveLength(1);

    // Signed in again on the phone: not subscribed through the new session until the app
    // subscribes again, and then the pushes reach it again.
    const again = await signIn();
    expect((await rt.app.auth.userOfToken(again))!.id).toBe(id);
    expect(await isSubscribed(again, phone.json.endpoint)).toBe(false);
    await call('POST', '/v1/api/push/subscribe', again, phone.json);
    expect(await isSubscribed(again, phone.json.endpoint)).toBe(true);
    await rt.webPush.deliver(id, MESSAGE);
    expect(pushesTo('signed-out')).toHaveLength(2);
  });

  it('gives every node the key pair the first one made, however they race', async () => {
    // Two nodes starting at once, each with a pair of its own: both end up with one stored key.
    const made = await Promise.all(
      [1, 2, 3].map(() =>
        serverSecret(rt.database.db, 'vapid_race_test', () => webpush.generateVAPIDKeys().privateKey),
      ),
    );
    expect(new Set(made).size).toBe(1);
    // The server's key is the one kept: a node starting now reads it instead of making one.
    const stored = await serverSecret(rt.database.db, 'vapid_private_key', () => 'never used');
    expect(stored).not.toBe('never used');
    expect(vapidPublicKeyOf(stored)).toBe((await call('GET', '/v1/api/push/key')).data?.public_key);
  });

  it('keeps its keys and subscriptions across a restart', async () => {
    const { token, id } = await tradingClient(rt).demoUser();
    const before = String((await call('GET', '/v1/api/push/key')).data?.public_key);
    const browser = newBrowserSubscription(service.endpoint('restart'));
    await call('POST', '/v1/api/push/subscribe', token, browser.json);

    rt = await rt.restart();
    expect((await call('GET', '/v1/api/push/key')).data?.public_key).toBe(before);
    await rt.webPush.deliver(id, MESSAGE);
    const [push] = pushesTo('restart');
    verifiedVapidClaims(push!.headers.authorization, before);
    expect(JSON.parse(browser.decrypt(push!.body))).toEqual(MESSAGE);
  });
});
