/**
 * The Web Push part of the configuration (config.ts parses the variables; this turns them into
 * settings and checks what one variable alone cannot).
 */
import { vapidPublicKeyOf, type VapidKeys } from './security/vapid-keys.ts';

/** The variables, as config.ts's schema parsed them. */
export interface WebPushEnv {
  VAPID_PUBLIC_KEY?: string | undefined;
  VAPID_PRIVATE_KEY?: string | undefined;
  VAPID_SUBJECT?: string | undefined;
  PUSH_SERVICE_HOSTS?: string | undefined;
  PUSH_ALLOW_LOOPBACK: boolean;
  MAIL_FROM: string;
}

export interface WebPushConfig {
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY; unset: a pair made on first start, kept in the database. */
  vapidKeys: VapidKeys | undefined;
  /** The contact push services are given (VAPID_SUBJECT; MAIL_FROM's address by default). */
  subject: string;
  /** The push services' hosts (and their sub-domains) a subscription may point at. */
  serviceHosts: string[];
  /** Tests only: subscriptions may point at this machine (a test's own push endpoint). */
  allowLoopback: boolean;
}

/**
 * The push services of the browsers that support Web Push: Chrome, Edge and Samsung (FCM), Firefox
 * (Mozilla), Safari on iOS and macOS (Apple), and Windows' own service.
 */
export const KNOWN_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
];

/** The Web Push settings; a key pair given must be whole and its halves must belong together. */
export function webPushOf(c: WebPushEnv, invalidConfig: (line: string) => Error): WebPushConfig {
  if (Boolean(c.VAPID_PUBLIC_KEY) !== Boolean(c.VAPID_PRIVATE_KEY))
    throw invalidConfig('VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither');
  if (c.VAPID_PRIVATE_KEY && vapidPublicKeyOf(c.VAPID_PRIVATE_KEY) !== c.VAPID_PUBLIC_KEY)
    throw invalidConfig('VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY');
  const mailAddress = /<([^>]+)>/.exec(c.MAIL_FROM)?.[1] ?? c.MAIL_FROM.trim();
  return {
    vapidKeys:
      c.VAPID_PUBLIC_KEY && c.VAPID_PRIVATE_KEY
        ? { publicKey: c.VAPID_PUBLIC_KEY, privateKey: c.VAPID_PRIVATE_KEY }
        : undefined,
    subject: c.VAPID_SUBJECT ?? `mailto:${mailAddress}`,
    serviceHosts: c.PUSH_SERVICE_HOSTS
      ? c.PUSH_SERVICE_HOSTS.split(',').map((host) => host.trim().toLowerCase())
      : KNOWN_PUSH_SERVICE_HOSTS,
    allowLoopback: c.PUSH_ALLOW_LOOPBACK,
  };
}
