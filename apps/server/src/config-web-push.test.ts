import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('Web Push configuration', () => {
  const pair = webpush.generateVAPIDKeys();
  const other = webpush.generateVAPIDKeys();

  it('makes its own keys unless given a pair, and names MAIL_FROM as the contact', () => {
    expect(loadConfig({}).webPush).toMatchObject({
      vapidKeys: undefined,
      subject: 'mailto:no-reply@localhost',
      allowLoopback: false,
    });
    expect(loadConfig({ MAIL_FROM: 'Broker <ops@broker.example>' }).webPush.subject).toBe(
      'mailto:ops@broker.example',
    );
    const given = loadConfig({
      VAPID_PUBLIC_KEY: pair.publicKey,
      VAPID_PRIVATE_KEY: pair.privateKey,
      VAPID_SUBJECT: 'https://broker.example/contact',
    }).webPush;
    expect(given).toMatchObject({ vapidKeys: pair, subject: 'https://broker.example/contact' });
  });

  it('takes the push services it may call from PUSH_SERVICE_HOSTS', () => {
    expect(loadConfig({}).webPush.serviceHosts).toContain('fcm.googleapis.com');
    expect(
      loadConfig({ PUSH_SERVICE_HOSTS: 'push.example.com, Other.example' }).webPush.serviceHosts,
    ).toEqual(['push.example.com', 'other.example']);
  });

  it.each([
    [{ VAPID_PUBLIC_KEY: pair.publicKey }, 'set both or neither'],
    [{ VAPID_PUBLIC_KEY: other.publicKey, VAPID_PRIVATE_KEY: pair.privateKey }, 'is not the public key'],
    [{ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: 'short' }, 'VAPID_PRIVATE_KEY'],
    [{ VAPID_SUBJECT: 'http://broker.example' }, 'VAPID_SUBJECT'],
    [{ PUSH_SERVICE_HOSTS: 'http://x' }, 'PUSH_SERVICE_HOSTS'],
    [{ PUSH_ALLOW_LOOPBACK: 'true', NODE_ENV: 'production' }, 'PUSH_ALLOW_LOOPBACK'],
  ])('refuses %j with a message naming the variable', (env, expected) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(expected);
  });
});
