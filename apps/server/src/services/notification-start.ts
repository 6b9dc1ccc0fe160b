/**
 * Wires price alerts and the notification centre into a node (runtime.ts): the centre with its
 * channels, the hooks that turn what the product announces into notifications once (on the node
 * that decided: committed outcomes on the book's owner, staff decisions where they were made), and
 * the alert runner, which loads the waiting alerts when this node owns the book.
 */
import type { Language } from '@omp/protocol';
import type { MessageSender } from '../adapters/messaging/message-sender.ts';
import type { EventBusWithLocalTaps } from '../events/published-here.ts';
import type { AlertRepository } from '../repositories/alert-repository.ts';
import type { MoneyRepository } from '../repositories/money-repository.ts';
import type { NotificationRepository } from '../repositories/notification-repository.ts';
import type { MarketService } from './market-service.ts';
import { NotificationCentre } from './notification-centre.ts';
import { EmailChannel, type NotificationChannelAdapter } from './notification-channels.ts';
import { NotificationTriggers } from './notification-triggers.ts';
import type { OwnerCalls } from './owner-calls.ts';
import { PriceAlerts } from './price-alerts.ts';
import type { KeyedLocks } from './keyed-locks.ts';
import type { TradingService } from './trading-service.ts';

export interface NotificationStartOptions {
  repositories: { notifications: NotificationRepository; alerts: AlertRepository };
  events: EventBusWithLocalTaps;
  trading: Pick<TradingService, 'onCommitted'>;
  market: MarketService;
  calls: OwnerCalls;
  /** The server's e-mail sender, shared with verification codes. */
  mail: MessageSender;
  emailOf: (userId: number) => Promise<string | null>;
  /** Each user's own language, for e-mail and push (user-locales.ts), many users in one read. */
  languagesOf: (userIds: readonly number[]) => Promise<Map<number, Language>>;
  amounts: Pick<MoneyRepository, 'deposit' | 'withdrawal'>;
  /** The Web Push channel, when the server has one. */
  pushChannel: NotificationChannelAdapter | undefined;
  now: () => number;
  logError: (error: unknown, message: string) => void;
  locks: KeyedLocks;
}

export async function startNotifications(
  options: NotificationStartOptions,
): Promise<{ notifications: NotificationCentre; alerts: PriceAlerts }> {
  const { events, now, logError } = options;
  const notifications = new NotificationCentre({
    repository: options.repositories.notifications,
    events,
    now,
    logError,
    languagesOf: options.languagesOf,
    channels: {
      push: options.pushChannel,
      email: new EmailChannel({ mail: options.mail, emailOf: options.emailOf }),
    },
  });
  const notify = new NotificationTriggers({
    notify: (userId, notice) => notifications.notify(userId, notice),
    notifyMany: (notices) => notifications.notifyMany(notices),
    instrument: (id) => options.market.instrumentById(id),
    depositAmount: async (id) => (await options.amounts.deposit(id))?.amount,
    withdrawalAmount: async (id) => (await options.amounts.withdrawal(id))?.amount,
    logError,
  });
  options.trading.onCommitted((outcomes, fromTick, atMs) => notify.onOutcomes(outcomes, fromTick, atMs));
  events.publishedHere('money_decided', (decision) => notify.onDecision(decision));
  events.publishedHere('identity_decided', (decision) => notify.onDecision(decision));
  const alerts = new PriceAlerts({
    repository: options.repositories.alerts,
    market: options.market,
    events,
    calls: options.calls,
    notify: (userId, notice) => notifications.notify(userId, notice),
    now,
    logError,
    locks: options.locks,
  });
  await alerts.init();
  return { notifications, alerts };
}
