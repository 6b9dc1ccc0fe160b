/**
 * The installation's Web Push channel: its VAPID keys (from the configuration, or made once and
 * kept in the database so every node signs with the same pair), its subscriptions and its rules.
 */
import webpush from 'web-push';
import type { Registry } from 'prom-client';
import type { WebPushConfig } from '../config-web-push.ts';
import type { PushSubscriptionRepository } from '../repositories/push-subscription-repository.ts';
import { vapidKeysOf } from '../security/vapid-keys.ts';
import { WebPushChannel, type WebPushChannelOptions } from './web-push-channel.ts';

export async function openWebPushChannel(options: {
  config: WebPushConfig;
  repository: PushSubscriptionRepository;
  /** The kept secret of that name, made with `make` by the first node that asks (server-secrets.ts). */
  keptSecret: (name: string, make: () => string) => Promise<string>;
  now: () => number;
  registry: Registry;
  log: WebPushChannelOptions['log'];
}): Promise<WebPushChannel> {
  const { config } = options;
  // Only the private key is kept; the public half is derived, so two nodes starting at once can
  // never store halves of different pairs.
  const keys =
    config.vapidKeys ??
    vapidKeysOf(await options.keptSecret('vapid_private_key', () => webpush.generateVAPIDKeys().privateKey));
  return new WebPushChannel({
    repository: options.repository,
    keys,
    subject: config.subject,
    endpointRules: config,
    now: options.now,
    registry: options.registry,
    log: options.log,
  });
}
