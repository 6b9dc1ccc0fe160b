/**
 * Notifications to the phone app installed on a home screen, by Web Push: the browser subscribed
 * with this server's VAPID public key, and each message is encrypted to the browser's keys
 * (aes128gcm) and signed with the VAPID private key by the `web-push` library, then POSTed to the
 * browser's push service. The service worker shows it (apps/web/src/service-worker/).
 *
 * Sending never holds up its caller: `deliver` queues the sends, at most `concurrency` at a time,
 * each bounded by `timeoutMs`, and never rejects: a failure is logged and counted
 * (web_push_deliveries_total), never thrown into the trading path. A subscription the push service
 * says is gone (404, 410) is removed, so a phone that uninstalled the app is not tried again.
 *
 *   void webPush.deliver(userId, { kind: 'price_alert', title, body, url: '/#/trade', tag: 'alert-7' });
 */
import webpush from 'web-push';
import { Counter, type Registry } from 'prom-client';
import type { PushSubscribeBody, WebPushMessage } from '@omp/protocol';
import { refused } from '../domain/errors.ts';
import type {
  PushSubscriptionRepository,
  StoredPushSubscription,
} from '../repositories/push-subscription-repository.ts';
import type { VapidKeys } from '../security/vapid-keys.ts';
import { isAllowedPushEndpoint, type EndpointRules } from './push-endpoints.ts';
import { BackgroundWork } from './background-work.ts';

/** Who a subscription sends to: the user, through the session (token hash) that subscribed. */
export interface PushOwner {
  userId: number;
  sessionHash: string;
}

/** How each send ended, as counted. */
export type PushOutcome = 'sent' | 'gone' | 'failed' | 'timeout' | 'not_allowed' | 'dropped';

/** Browsers one user may keep notified; subscribing another drops the longest unrenewed. */
export const MAX_PUSH_SUBSCRIPTIONS_PER_USER = 10;
/** How long a push service keeps a message for a phone that is off (seconds). */
const TIME_TO_LIVE_S = 24 * 3600;
/** Push services take 4 KB of payload; the text is cut well below, whatever the language. */
const MAX_BODY_CHARS = 600;
const MAX_TITLE_CHARS = 120;

export interface WebPushChannelOptions {
  repository: PushSubscriptionRepository;
  keys: VapidKeys;
  subject: string;
  endpointRules: EndpointRules;
  now: () => number;
  /** Each send's limit, from connecting to the push service's answer. */
  timeoutMs?: number;
  /** Sends under way at once; the rest wait their turn. */
  concurrency?: number;
  /** Sends that may wait; past it new ones are dropped (and counted), not piled up in memory. */
  maxQueued?: number;
  registry?: Registry;
  log: { warn(message: string): void; error(error: unknown, message: string): void };
}

export class WebPushChannel {
  private readonly options: Required<Omit<WebPushChannelOptions, 'registry'>>;
  private readonly outcomes: Counter<'outcome'>;
  private readonly waiting: (() => void)[] = [];
  private running = 0;
  private readonly underway = new BackgroundWork();

  constructor(options: WebPushChannelOptions) {
    this.options = { timeoutMs: 10_000, concurrency: 8, maxQueued: 5000, ...options };
    this.outcomes = new Counter({
      name: 'web_push_deliveries_total',
      help: 'Web Push sends by outcome: sent, gone (subscription removed), failed, timeout, not_allowed, dropped',
      labelNames: ['outcome'],
      registers: options.registry ? [options.registry] : [],
    });
  }

  /** The key browsers subscribe with (applicationServerKey), base64url. */
  publicKey(): string {
    return this.options.keys.publicKey;
  }

  /**
   * Keeps this browser's subscription for the user, through the session it was made in (pushes stop
   * when that session ends); an endpoint outside the rules is refused.
   */
  async subscribe(owner: PushOwner, body: PushSubscribeBody): Promise<void> {
    if (!isAllowedPushEndpoint(body.endpoint, this.options.endpointRules))
      throw refused('push.endpoint_not_allowed');
    const { repository, now } = this.options;
    await repository.save(owner, { endpoint: body.endpoint, ...body.keys }, now());
    await repository.trimUser(owner.userId, MAX_PUSH_SUBSCRIPTIONS_PER_USER);
  }

  async unsubscribe(userId: number, endpoint: string): Promise<void> {
    await this.options.repository.removeOfUser(userId, endpoint);
  }

  /** Whether the endpoint takes the user's pushes through this session (false: subscribe again). */
  async isSubscribed(owner: PushOwner, endpoint: string): Promise<boolean> {
    return this.options.repository.isSubscribed(owner, endpoint);
  }

  /**
   * Sends the message to every browser the user subscribed whose session is still live. Resolves once each send has ended
   * (sent, refused, timed out); never rejects. Callers on the trading path do not wait for it.
   */
  deliver(userId: number, message: WebPushMessage): Promise<void> {
    return this.deliverMany([{ userId, message }]);
  }

  /** `deliver` for many users' messages (a cascade's notifications), their browsers read in one go. */
  async deliverMany(items: ReadonlyArray<{ userId: number; message: WebPushMessage }>): Promise<void> {
    const userIds = [...new Set(items.map((item) => item.userId))];
    try {
      const byUser = await this.options.repository.deliverableOfUsers(userIds, this.options.now());
      await Promise.all(
        items.map(({ userId, message }) => this.sendToAll(byUser.get(userId) ?? [], message)),
      );
    } catch (error) {
      const to = userIds.length === 1 ? `user ${userIds[0]}` : `${userIds.length} users`;
      this.options.log.error(error, `web push to ${to} failed`);
    }
  }

  private async sendToAll(subscriptions: StoredPushSubscription[], message: WebPushMessage): Promise<void> {
    const payload = JSON.stringify({
      kind: message.kind,
      title: message.title.slice(0, MAX_TITLE_CHARS),
      body: message.body.slice(0, MAX_BODY_CHARS),
      url: message.url,
      tag: message.tag,
      ...(message.id !== undefined ? { id: message.id } : {}),
    } satisfies WebPushMessage);
    await Promise.all(subscriptions.map((subscription) => this.queued(subscription, payload, message.tag)));
  }

  /** Waits for the sends under way (a graceful stop). */
  idle(): Promise<void> {
    return this.underway.idle();
  }

  private queued(subscription: StoredPushSubscription, payload: string, tag: string): Promise<void> {
    if (this.waiting.length >= this.options.maxQueued) {
      this.outcomes.inc({ outcome: 'dropped' });
      this.options.log.warn('web push queue is full: a notification was dropped');
      return Promise.resolve();
    }
    const run = (async () => {
      if (this.running >= this.options.concurrency)
        await new Promise<void>((resolve) => this.waiting.push(resolve));
      this.running += 1;
      try {
        this.outcomes.inc({ outcome: await this.send(subscription, payload, tag) });
      } finally {
        this.running -= 1;
        this.waiting.shift()?.();
      }
    })();
    return this.underway.track(run);
  }

  private async send(
    subscription: StoredPushSubscription,
    payload: string,
    tag: string,
  ): Promise<PushOutcome> {
    const { endpoint } = subscription;
    // Checked again at send time: the rules may have changed since the browser subscribed.
    if (!isAllowedPushEndpoint(endpoint, this.options.endpointRules)) return 'not_allowed';
    const sentAtMs = this.options.now();
    // The endpoint is a capability (whoever knows it can push to the phone): logs name its host.
    const service = new URL(endpoint).host;
    try {
      const request = webpush.generateRequestDetails(
        { endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        payload,
        {
          vapidDetails: { subject: this.options.subject, ...this.options.keys },
          TTL: TIME_TO_LIVE_S,
          contentEncoding: 'aes128gcm',
          // A newer message of the same tag replaces one the phone has not fetched yet.
          ...(/^[A-Za-z0-9_-]{1,32}$/.test(tag) ? { topic: tag } : {}),
        },
      );
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: request.headers as Record<string, string>,
        body: request.body,
        // A push service answers; it never redirects. Following one could lead anywhere.
        redirect: 'manual',
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      await response.body?.cancel();
      if (response.status === 404 || response.status === 410) {
        await this.options.repository.removeGone(endpoint, sentAtMs);
        return 'gone';
      }
      if (response.ok) return 'sent';
      this.options.log.warn(`web push to ${service} answered HTTP ${response.status}`);
      return 'failed';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'TimeoutError') {
        this.options.log.warn(`web push to ${service} timed out after ${this.options.timeoutMs} ms`);
        return 'timeout';
      }
      this.options.log.error(error, `web push to ${service} failed`);
      return 'failed';
    }
  }
}
