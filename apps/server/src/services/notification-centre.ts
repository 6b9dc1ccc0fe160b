/**
 * The notification centre: what the server tells a user, kept per user with a read mark, pushed at
 * once to the user's sockets on every node (the `notification_created` event), and delivered by the
 * other channels the user chose for its kind (notification-channels.ts).
 *
 * A notification is stored as a text key with parameters, not as words: each reader gets it in
 * their own language (the request's for the list, the socket's for a push, the user's locale for
 * e-mail and Web Push: user-locales.ts, kept current by every signed-in request).
 *
 * `notify` is called once, on the node that decided what it tells (notification-triggers.ts): it
 * writes the row first, then announces it, then delivers; a failed delivery is logged and leaves the
 * row, so the centre is the record of what the user was told.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  NOTIFICATION_KINDS,
  type Language,
  type NotificationItem,
  type NotificationKind,
  type NotificationPage,
  type NotificationSetting,
  type NotificationSettingsSave,
} from '@omp/protocol';
import { notFound } from '../domain/errors.ts';
import type { EventBus } from '../events/event-bus.ts';
import { translate, type MessageParams } from '../i18n/translate.ts';
import type {
  NewNotification,
  NotificationRepository,
  StoredChannelChoice,
  StoredNotification,
} from '../repositories/notification-repository.ts';
import type { ChannelMessage, NotificationChannelAdapter } from './notification-channels.ts';

/** What the centre announces on the bus; texts are worded by each listener in its own language. */
export interface CreatedNotification {
  id: number;
  kind: NotificationKind;
  textKey: string;
  params: MessageParams;
  link: string;
  createdAtMs: number;
}

export interface NewNotice {
  kind: NotificationKind;
  /** `notification.<textKey>.title` and `.body` in the server's catalogs. */
  textKey: string;
  params: MessageParams;
  link: string;
}

/**
 * Announcements of one batch per turn of the event loop. Each is written to its user's sockets in
 * their language as it is heard (ws/socket-user-delivery.ts), some 20 µs a socket: the thousand of
 * a cascade in one turn held the loop for tens of milliseconds, every request and tick waiting.
 */
export const ANNOUNCEMENTS_PER_TURN = 64;

/**
 * The channels a kind starts with until the user chooses: push for everything; e-mail for what a
 * trader would want on record even with the app closed (money, identity, the account's safety).
 */
const EMAIL_BY_DEFAULT: ReadonlySet<NotificationKind> = new Set([
  'margin_call',
  'stop_out',
  'deposit_decided',
  'withdrawal_decided',
  'identity_decided',
]);

export function defaultSetting(kind: NotificationKind): NotificationSetting {
  return { kind, in_app: true, push: true, email: EMAIL_BY_DEFAULT.has(kind) };
}

export function renderNotification(
  lang: Language,
  notification: Pick<CreatedNotification, 'id' | 'kind' | 'textKey' | 'params' | 'link' | 'createdAtMs'>,
  read: boolean,
): NotificationItem {
  return {
    id: notification.id,
    kind: notification.kind,
    title: translate(lang, `notification.${notification.textKey}.title`, notification.params),
    body: translate(lang, `notification.${notification.textKey}.body`, notification.params),
    link: notification.link,
    created_at: Math.floor(notification.createdAtMs / 1000),
    read,
  };
}

export interface NotificationCentreOptions {
  repository: NotificationRepository;
  events: Pick<EventBus, 'publish'>;
  now: () => number;
  logError: (error: unknown, message: string) => void;
  /** The languages e-mail and push are written in: each user's own (user-locales.ts), read at once. */
  languagesOf: (userIds: readonly number[]) => Promise<Map<number, Language>>;
  /** Channel adapters by name; a channel without one is skipped. */
  channels?: {
    push?: NotificationChannelAdapter | undefined;
    email?: NotificationChannelAdapter | undefined;
  };
}

export class NotificationCentre {
  private readonly options: NotificationCentreOptions;
  constructor(options: NotificationCentreOptions) {
    this.options = options;
  }

  /** Stores a notification, announces it to the user's sockets, then delivers it by the chosen channels. */
  async notify(userId: number, notice: NewNotice): Promise<number> {
    const { repository, events, now } = this.options;
    const createdAtMs = now();
    const id = await repository.insert(toStored(userId, notice, createdAtMs));
    const created: CreatedNotification = { id, ...notice, createdAtMs };
    events.publish('notification_created', {
      userId,
      notification: created,
      unread: await repository.unreadCount(userId),
    });
    await this.deliver([{ userId, notification: created }]);
    return id;
  }

  /**
   * Many notifications at once (the closes of one committed batch): stored in one transaction,
   * each announced to its user's sockets with the unread count after the whole batch
   * (`ANNOUNCEMENTS_PER_TURN` per turn of the event loop), then delivered by the chosen channels one
   * after another, so a cascade's thousand deliveries queue here instead of holding every database
   * connection the next commit needs.
   */
  async notifyMany(notices: ReadonlyArray<{ userId: number; notice: NewNotice }>): Promise<void> {
    if (notices.length === 0) return;
    const { repository, events, now } = this.options;
    const createdAtMs = now();
    const ids = await repository.insertMany(
      notices.map(({ userId, notice }) => toStored(userId, notice, createdAtMs)),
    );
    const created = notices.map(({ userId, notice }, index) => ({
      userId,
      notification: { id: ids[index]!, ...notice, createdAtMs } satisfies CreatedNotification,
    }));
    const unread = await repository.unreadCounts([...new Set(notices.map(({ userId }) => userId))]);
    for (const [at, { userId, notification }] of created.entries()) {
      if (at > 0 && at % ANNOUNCEMENTS_PER_TURN === 0) await nextTurn();
      events.publish('notification_created', { userId, notification, unread: unread.get(userId) ?? 0 });
    }
    await this.deliver(created);
  }

  private hasChannels(): boolean {
    const { channels = {} } = this.options;
    return channels.push !== undefined || channels.email !== undefined;
  }

  /**
   * By the channels each user chose, worded in each user's language (both read once for all the
   * users): the phones first, in one delivery, then the e-mails one after another. A failed
   * delivery is logged; the notification stays in the centre.
   */
  private async deliver(
    created: ReadonlyArray<{ userId: number; notification: CreatedNotification }>,
  ): Promise<void> {
    if (!this.hasChannels()) return;
    const readers = await this.readersOf([...new Set(created.map(({ userId }) => userId))]);
    const worded = created.map(({ userId, notification }) =>
      wordedFor(readers.get(userId)!, userId, notification),
    );
    await this.deliverBy(
      'push',
      worded.filter((w) => w.setting.push),
    );
    await this.deliverBy(
      'email',
      worded.filter((w) => w.setting.email),
    );
  }

  private async deliverBy(name: 'push' | 'email', items: readonly Worded[]): Promise<void> {
    const adapter = this.options.channels?.[name];
    if (!adapter || items.length === 0) return;
    const failed = (error: unknown, what: string) =>
      this.options.logError(error, `delivering ${what} by ${name} failed; it stays in the centre`);
    if (adapter.deliverMany) {
      await adapter
        .deliverMany(items)
        .catch((error: unknown) => failed(error, `${items.length} notifications`));
      return;
    }
    for (const { userId, message } of items)
      await adapter
        .deliver(userId, message)
        .catch((error: unknown) => failed(error, `notification ${message.id}`));
  }

  /**
   * What many users chose and read in, in one read of each (a cascade's thousand closes would
   * otherwise read both once per notification).
   */
  private async readersOf(userIds: readonly number[]): Promise<Map<number, Reader>> {
    const choices = await this.options.repository.channelChoicesOf(userIds);
    const languages = await this.options.languagesOf(userIds);
    return new Map(
      userIds.map((id) => [id, { settings: settingsFrom(choices.get(id) ?? []), lang: languages.get(id)! }]),
    );
  }

  async page(userId: number, lang: Language, page: number, pageSize: number): Promise<NotificationPage> {
    const { list, total } = await this.options.repository.page(userId, page, pageSize);
    const unread = await this.options.repository.unreadCount(userId);
    return {
      list: list.map((row) => renderNotification(lang, createdOf(row), row.readAtMs !== null)),
      total,
      page,
      unread,
    };
  }

  unreadCount(userId: number): Promise<number> {
    return this.options.repository.unreadCount(userId);
  }

  async markRead(userId: number, id: number): Promise<{ unread: number }> {
    if (!(await this.options.repository.markRead(userId, id, this.options.now())))
      throw notFound('notification.not_found');
    return { unread: await this.options.repository.unreadCount(userId) };
  }

  async markAllRead(userId: number): Promise<{ unread: number }> {
    await this.options.repository.markAllRead(userId, this.options.now());
    return { unread: 0 };
  }

  /** Every kind with its channels: the user's choice where made, the default otherwise. */
  async settings(userId: number): Promise<NotificationSetting[]> {
    return settingsFrom(await this.options.repository.channelChoices(userId));
  }

  async saveSettings(userId: number, body: NotificationSettingsSave): Promise<NotificationSetting[]> {
    const current = new Map((await this.settings(userId)).map((s) => [s.kind, s]));
    for (const change of body.list) {
      const setting = current.get(change.kind)!;
      current.set(change.kind, {
        ...setting,
        ...(change.push !== undefined ? { push: change.push } : {}),
        ...(change.email !== undefined ? { email: change.email } : {}),
      });
    }
    const changed = [...new Set(body.list.map((c) => c.kind))].map((kind) => current.get(kind)!);
    await this.options.repository.saveChannelChoices(userId, changed, this.options.now());
    return NOTIFICATION_KINDS.map((kind) => current.get(kind)!);
  }
}

/** Whom a notification is delivered to: their channel choices and the language they read. */
interface Reader {
  settings: NotificationSetting[];
  lang: Language;
}

/** A notification worded for its reader, with the channels they chose for its kind. */
interface Worded {
  userId: number;
  setting: NotificationSetting;
  message: ChannelMessage;
}

function wordedFor(reader: Reader, userId: number, notification: CreatedNotification): Worded {
  const item = renderNotification(reader.lang, notification, false);
  return {
    userId,
    setting: reader.settings.find((s) => s.kind === notification.kind)!,
    message: {
      kind: item.kind,
      title: item.title,
      body: item.body,
      url: item.link,
      tag: `n${item.id}`,
      id: item.id,
    },
  };
}

/** Every kind with its channels: the user's choice where made, the default otherwise. */
function settingsFrom(choices: readonly StoredChannelChoice[]): NotificationSetting[] {
  const stored = new Map(choices.map((c) => [c.kind, c]));
  return NOTIFICATION_KINDS.map((kind) => {
    const choice = stored.get(kind);
    return choice ? { kind, in_app: true, push: choice.push, email: choice.email } : defaultSetting(kind);
  });
}

function createdOf(row: StoredNotification): CreatedNotification {
  let params: MessageParams = {};
  try {
    params = JSON.parse(row.params) as MessageParams;
  } catch {
    // A row is written by this service only; an unreadable one still shows its words without values.
  }
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    textKey: row.textKey,
    params,
    link: row.link,
    createdAtMs: row.createdAtMs,
  };
}

/** A notice as the repository stores it, its parameters as JSON. */
function toStored(userId: number, notice: NewNotice, createdAtMs: number): NewNotification {
  return {
    userId,
    kind: notice.kind,
    textKey: notice.textKey,
    params: JSON.stringify(notice.params),
    link: notice.link,
    createdAtMs,
  };
}
