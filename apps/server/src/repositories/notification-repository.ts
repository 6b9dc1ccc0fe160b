/**
 * Storage of the notification centre (notifications) and each user's channel choices
 * (notification_settings). The language they are written in is the user's locale
 * (user-locale-repository.ts).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { toInt } from '../db/values.ts';

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

export class NotificationRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async insert(notification: NewNotification): Promise<number> {
    const row = await this.db
      .insertInto('notifications')
      .values({
        user_id: notification.userId,
        kind: notification.kind,
        text_key: notification.textKey,
        params: notification.params,
        link: notification.link,
        created_at: notification.createdAtMs,
      })
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
