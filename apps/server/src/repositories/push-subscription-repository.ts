/** Reads and writes the browsers' Web Push subscriptions (push_subscriptions). */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { toInt } from '../db/values.ts';
import { readInLists } from './id-lists.ts';

export interface StoredPushSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export class PushSubscriptionRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /**
   * Keeps a browser's subscription for the user. The same browser subscribing again (new keys, or
   * another user signed in on it) replaces its row: one row per endpoint, never two users notified
   * through one phone.
   */
  async save(
    owner: { userId: number; sessionHash: string },
    subscription: StoredPushSubscription,
    nowMs: number,
  ): Promise<void> {
    const { userId, sessionHash } = owner;
    await this.db
      .insertInto('push_subscriptions')
      .values({
        ...subscription,
        user_id: userId,
        session_hash: sessionHash,
        created_at: nowMs,
        updated_at: nowMs,
      })
      .onConflict((oc) =>
        oc.column('endpoint').doUpdateSet({
          user_id: userId,
          session_hash: sessionHash,
          p256dh: subscription.p256dh,
          auth: subscription.auth,
          updated_at: nowMs,
        }),
      )
      .execute();
  }

  /** The user's subscriptions, the most recently renewed first. */
  async ofUser(userId: number): Promise<StoredPushSubscription[]> {
    return this.db
      .selectFrom('push_subscriptions')
      .select(['endpoint', 'p256dh', 'auth'])
      .where('user_id', '=', userId)
      .orderBy('updated_at', 'desc')
      .orderBy('endpoint')
      .execute();
  }

  /**
   * Each user's subscriptions whose session is still live, where a push may go now, the most
   * recently renewed first: a read per IDS_PER_LIST users (a cascade's notifications).
   */
  async deliverableOfUsers(
    userIds: readonly number[],
    nowMs: number,
  ): Promise<Map<number, StoredPushSubscription[]>> {
    const rows = await readInLists(userIds, (list) =>
      this.db
        .selectFrom('push_subscriptions')
        .innerJoin('sessions', 'sessions.token_hash', 'push_subscriptions.session_hash')
        .select([
          'push_subscriptions.user_id',
          'push_subscriptions.endpoint',
          'push_subscriptions.p256dh',
          'push_subscriptions.auth',
        ])
        .where('push_subscriptions.user_id', 'in', list)
        .whereRef('sessions.user_id', '=', 'push_subscriptions.user_id')
        .where('sessions.revoked_at', 'is', null)
        .where('sessions.expires_at', '>', nowMs)
        .orderBy('push_subscriptions.updated_at', 'desc')
        .orderBy('push_subscriptions.endpoint')
        .execute(),
    );
    const byUser = new Map<number, StoredPushSubscription[]>();
    for (const { user_id, ...subscription } of rows) {
      const userId = toInt(user_id);
      const held = byUser.get(userId);
      if (held) held.push(subscription);
      else byUser.set(userId, [subscription]);
    }
    return byUser;
  }

  /** Whether the endpoint takes the user's pushes through this very session. */
  async isSubscribed(owner: { userId: number; sessionHash: string }, endpoint: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('user_id', '=', owner.userId)
      .where('session_hash', '=', owner.sessionHash)
      .where('endpoint', '=', endpoint)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Removes the user's own subscription of that endpoint (another user's is left alone). */
  async removeOfUser(userId: number, endpoint: string): Promise<void> {
    await this.db
      .deleteFrom('push_subscriptions')
      .where('user_id', '=', userId)
      .where('endpoint', '=', endpoint)
      .execute();
  }

  /**
   * Removes a subscription the push service no longer knows (404/410), unless it was renewed after
   * `sentAtMs`: a browser that subscribed again meanwhile keeps its fresh keys.
   */
  async removeGone(endpoint: string, sentAtMs: number): Promise<void> {
    await this.db
      .deleteFrom('push_subscriptions')
      .where('endpoint', '=', endpoint)
      .where('updated_at', '<=', sentAtMs)
      .execute();
  }

  /** Drops all but the `keep` most recently renewed subscriptions of the user. */
  async trimUser(userId: number, keep: number): Promise<void> {
    const extra = (await this.ofUser(userId)).slice(keep).map((row) => row.endpoint);
    if (extra.length > 0)
      await this.db
        .deleteFrom('push_subscriptions')
        .where('user_id', '=', userId)
        .where('endpoint', 'in', extra)
        .execute();
  }
}
