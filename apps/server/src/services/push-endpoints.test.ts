import { describe, expect, it } from 'vitest';
import { KNOWN_PUSH_SERVICE_HOSTS } from '../config-web-push.ts';
import { isAllowedPushEndpoint } from './push-endpoints.ts';

const production = { serviceHosts: KNOWN_PUSH_SERVICE_HOSTS, allowLoopback: false };
const tests = { ...production, allowLoopback: true };

describe('which push endpoints the server may call', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/e1',
    'https://updates.push.services.mozilla.com/wpush/v2/e1',
    'https://web.push.apple.com/e1',
    'https://wns2-par02p.notify.windows.com/w/?token=e1',
  ])('accepts the push service %s', (endpoint) => {
    expect(isAllowedPushEndpoint(endpoint, production)).toBe(true);
  });

  it.each([
    'http://127.0.0.1:9000/push',
    'https://localhost/push',
    'http://[::1]:9000/push',
    'https://169.254.169.254/latest',
    'https://[fd00::1]/push',
    'https://fcm.googleapis.com:444/x',
    'https://fcm.googleapis.com.attacker.example/x',
    'https://notfcm.googleapis.com.example/x',
    'ftp://fcm.googleapis.com/x',
    'https://fcm.googleapis.com/x#frag',
  ])('refuses %s in production', (endpoint) => {
    expect(isAllowedPushEndpoint(endpoint, production)).toBe(false);
  });

  it('lets tests use this machine only, never another address', () => {
    expect(isAllowedPushEndpoint('http://127.0.0.1:9000/push', tests)).toBe(true);
    expect(isAllowedPushEndpoint('http://[::1]:9000/push', tests)).toBe(true);
    expect(isAllowedPushEndpoint('http://10.0.0.1:9000/push', tests)).toBe(false);
    expect(isAllowedPushEndpoint('http://fcm.googleapis.com/push', tests)).toBe(false);
  });
});
