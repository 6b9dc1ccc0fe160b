/**
 * Storage of the notification centre (notifications) and each user's channel choices
 * (notification_settings). The language they are written in is the user's locale
 * (user-locale-repository.ts).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { toInt } from '../db/values.ts';
import { ROWS_PER_STATEMENT, writeRows, type RowsStatement } from './bulk-rows.ts';
import { readInLists } from './id-lists.ts';

export interface StoredNotification {
  id: number;
  userId: number;
  kind: string;
  textKey: string;
  /** The JSON text of the texts' parameters. */
  params: string;
  link: string;
  createdAtMs: number;
  readAtMs: number | null;
}

export type NewNotification = Omit<StoredNotification, 'id' | 'readAtMs'>;

export interface StoredChannelChoice {
  kind: string;
  push: boolean;
  email: boolean;
}

const INSERT_NOTIFICATIONS: RowsStatement<
  'user_id' | 'kind' | 'text_key' | 'params' | 'link' | 'created_at'
> = {
  table: 'notifications',
  columns: ['user_id', 'kind', 'text_key', 'params', 'link', 'created_at'],
  returning: ['id'],
};

export class NotificationRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async insert(notification: NewNotification): Promise<number> {
    const row = await this.db
      .insertInto('notifications')
      .values(notificationRow(notification))
      .returning('id')
      .executeTakeFirstOrThrow();
    return toInt(row.id);
  }

  /** A page of the user's notifications, newest first, and how many there are. */
  async page(
    userId: number,
    page: number,
    pageSize: number,
  ): Promise<{ list: StoredNotification[]; total: number }> {
    const rows = await this.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    const count = await this.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return {
      list: rows.map((row) => ({
        id: toInt(row.id),
        userId: toInt(row.user_id),
        kind: row.kind,
        textKey: row.text_key,
        params: row.params,
        link: row.link,
        createdAtMs: toInt(row.created_at),
        readAtMs: row.read_at === null ? null : toInt(row.read_at),
      })),
      total: toInt(count.n as number),
    };
  }

  /**
   * Stores many notifications in one transaction of multi-row inserts (a cascade of stop losses
   * leaves one per closed position) and answers their ids in the order given: one statement's ids
   * follow its rows, so each statement's returned ids sorted ascending are its rows in order.
   */
  async insertMany(notifications: readonly NewNotification[]): Promise<number[]> {
    if (notifications.length === 0) return [];
    return this.db.transaction().execute(async (trx) => {
      const ids: number[] = [];
      for (let start = 0; start < notifications.length; start += ROWS_PER_STATEMENT) {
        const rows = notifications.slice(start, start + ROWS_PER_STATEMENT).map(notificationRow);
        const returned = await writeRows<string, { id: unknown }>(trx, INSERT_NOTIFICATIONS, rows);
        ids.push(...returned.map((row) => toInt(row.id as number)).sort((x, y) => x - y));
      }
      return ids;
    });
  }

  /** Unread counts of many users, a query per IDS_PER_LIST users; a user with none is absent. */
  async unreadCounts(userIds: readonly number[]): Promise<Map<number, number>> {
    const rows = await readInLists(userIds, (list) =>
      this.db
        .selectFrom('notifications')
        .select((eb) => ['user_id', eb.fn.countAll().as('n')])
        .where('user_id', 'in', list)
        .where('read_at', 'is', null)
        .groupBy('user_id')
        .execute(),
    );
    return new Map(rows.map((row) => [toInt(row.user_id), toInt(row.n as number)]));
  }

  async unreadCount(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return toInt(row.n as number);
  }

  /** Answers whether the notification is the user's (read before or now). */
  async markRead(userId: number, id: number, nowMs: number): Promise<boolean> {
    await this.db
      .updateTable('notifications')
      .set({ read_at: nowMs })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .execute();
    const row = await this.db
      .selectFrom('notifications')
      .select('id')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async markAllRead(userId: number, nowMs: number): Promise<void> {
    await this.db
      .updateTable('notifications')
      .set({ read_at: nowMs })
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .execute();
  }

  async channelChoices(userId: number): Promise<StoredChannelChoice[]> {
    const rows = await this.db
      .selectFrom('notification_settings')
      .select(['kind', 'push', 'email'])
      .where('user_id', '=', userId)
      .execute();
    return rows.map((row) => ({
      kind: row.kind,
      push: toInt(row.push) === 1,
      email: toInt(row.email) === 1,
    }));
  }

  /** The choices of many users in one read (a cascade's deliveries); a user without any is absent. */
  async channelChoicesOf(userIds: readonly number[]): Promise<Map<number, StoredChannelChoice[]>> {
    const rows = await readInLists(userIds, (list) =>
      this.db
        .selectFrom('notification_settings')
        .select(['user_id', 'kind', 'push', 'email'])
        .where('user_id', 'in', list)
        .execute(),
    );
    const choices = new Map<number, StoredChannelChoice[]>();
    for (const row of rows) {
      const userId = toInt(row.user_id);
      const choice = { kind: row.kind, push: toInt(row.push) === 1, email: toInt(row.email) === 1 };
      const held = choices.get(userId);
      if (held) held.push(choice);
      else choices.set(userId, [choice]);
    }
    return choices;
  }

  async saveChannelChoices(userId: number, choices: StoredChannelChoice[], nowMs: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const choice of choices) {
        const values = { push: choice.push ? 1 : 0, email: choice.email ? 1 : 0, updated_at: nowMs };
        await trx
          .insertInto('notification_settings')
          .values({ user_id: userId, kind: choice.kind, ...values })
          .onConflict((oc) => oc.columns(['user_id', 'kind']).doUpdateSet(values))
          .execute();
      }
    });
  }
}

/** A notification as its table row. */
function notificationRow(notification: NewNotification) {
  return {
    user_id: notification.userId,
    kind: notification.kind,
    text_key: notification.textKey,
    params: notification.params,
    link: notification.link,
    created_at: notification.createdAtMs,
  };
}
