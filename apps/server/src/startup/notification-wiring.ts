/**
 * Notifications: the Web Push channel to the installed phone app, then the notification centre and
 * the price alerts, which write to the user's centre and send by e-mail and push.
 */
import type { EventBusWithLocalTaps } from '../events/published-here.ts';
import type { Metrics } from '../observability/metrics.ts';
import { AlertRepository } from '../repositories/alert-repository.ts';
import type { MoneyRepository } from '../repositories/money-repository.ts';
import { NotificationRepository } from '../repositories/notification-repository.ts';
import { PushSubscriptionRepository } from '../repositories/push-subscription-repository.ts';
import { serverSecret } from '../repositories/server-secrets.ts';
import type { MarketService } from '../services/market-service.ts';
import type { ChannelMessage, NotificationChannelAdapter } from '../services/notification-channels.ts';
import { startNotifications } from '../services/notification-start.ts';
import type { KeyedLocks } from '../services/keyed-locks.ts';
import { openWebPushChannel } from '../services/web-push-setup.ts';
import type { Accounts } from './account-wiring.ts';
import type { TradingBook } from './book-wiring.ts';
import type { StartupBase } from './startup-base.ts';

export interface NotificationWiringDeps extends StartupBase {
  accounts: Pick<Accounts, 'users' | 'mail' | 'userLocales'>;
  book: Pick<TradingBook, 'trading' | 'ownerCalls'>;
  metrics: Metrics;
  events: EventBusWithLocalTaps;
  market: MarketService;
  moneyRepository: MoneyRepository;
  /** A channel that records instead of pushing (tests); Web Push otherwise. */
  pushChannel: NotificationChannelAdapter | undefined;
  locks: KeyedLocks;
}

export async function wireNotifications(deps: NotificationWiringDeps) {
  const { database, now, logs } = deps;
  const { users, userLocales } = deps.accounts;
  // Push is one of the notification centre's channels (web-push-channel.ts); tests may record it instead.
  const webPush = await openWebPushChannel({
    config: deps.config.webPush,
    repository: new PushSubscriptionRepository(database.db),
    keptSecret: (name, make) => serverSecret(database.db, name, make),
    now,
    registry: deps.metrics.registry,
    log: { warn: logs.warn, error: logs.error },
  });
  // A notification links to a route of the phone app, which routes after the hash.
  const toPhones = (items: ReadonlyArray<{ userId: number; message: ChannelMessage }>) =>
    webPush.deliverMany(
      items.map(({ userId, message }) => ({ userId, message: { ...message, url: `/#${message.url}` } })),
    );
  const { notifications, alerts } = await startNotifications({
    repositories: {
      notifications: new NotificationRepository(database.db),
      alerts: new AlertRepository(database.db),
    },
    events: deps.events,
    trading: deps.book.trading,
    market: deps.market,
    calls: deps.book.ownerCalls,
    locks: deps.locks,
    mail: deps.accounts.mail,
    emailOf: async (userId) => (await users.byId(userId))?.email ?? null,
    languagesOf: (userIds) => userLocales.languagesOf(userIds),
    amounts: deps.moneyRepository,
    pushChannel: deps.pushChannel ?? {
      deliver: (userId, message) => toPhones([{ userId, message }]),
      deliverMany: toPhones,
    },
    now,
    logError: logs.error,
  });
  return { webPush, notifications, alerts };
}
