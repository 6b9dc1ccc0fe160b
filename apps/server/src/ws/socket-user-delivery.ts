/**
 * The sockets signed in per user, and what reaches a user's own sockets: trading pushes in the
 * socket's language, notifications, and the word that staff changed something of theirs. Every
 * node delivers to the sockets it holds, so a push published anywhere reaches them all.
 */
import {
  ACCOUNT_CHANGED_MESSAGE,
  NOTIFICATION_MESSAGE,
  SessionEndReason,
  Topic,
  type AccountChangedPush,
  type Language,
} from '@omp/protocol';
import type { AppEvents, SessionEnded } from '../events/event-bus.ts';
import { translate } from '../i18n/translate.ts';
import { renderNotification } from '../services/notification-centre.ts';
import type { UserMessage } from '../services/trading-messages.ts';
import { encode } from './socket-messages.ts';
import type { SocketSession } from './socket-session.ts';

/** What per-user delivery needs of a connection. */
export interface UserSocket {
  lang: Language;
  topics: Set<string>;
  /** The logged-in user, after a `login` message with a live session token. */
  userId: number | undefined;
  session: SocketSession | undefined;
}

export class UserSockets<C extends UserSocket> {
  /** The signed-in sockets of each user (the trade stream pushes through it too). */
  readonly byUser = new Map<number, Set<C>>();
  /** Sends at once. */
  private readonly send: (client: C, message: string) => void;
  /** Ends the user's sessions that reached their expiry (announced, heard, and signed out). */
  private readonly endExpired: (userId: number) => void;

  constructor(send: (client: C, message: string) => void, endExpired: (userId: number) => void = () => {}) {
    this.send = send;
    this.endExpired = endExpired;
  }

  of(userId: number): Iterable<C> {
    return this.byUser.get(userId) ?? [];
  }

  /**
   * The sockets a message of the user may reach now: a session that expired since the hub last
   * looked (it looks once a flush) is ended first, so nothing of the user reaches it meanwhile.
   */
  private liveOf(userId: number): Iterable<C> {
    this.endExpired(userId);
    return this.of(userId);
  }

  /** Signs the socket in with the session, or out with undefined. */
  setUser(client: C, session: SocketSession | undefined): void {
    if (client.userId !== undefined) {
      const former = this.byUser.get(client.userId);
      former?.delete(client);
      // Only users signed in now: every pass of the trade stream and of expiries walks this map.
      if (former?.size === 0) this.byUser.delete(client.userId);
    }
    const userId = session?.userId;
    client.userId = userId;
    client.session = session;
    if (userId === undefined) return;
    let set = this.byUser.get(userId);
    if (!set) this.byUser.set(userId, (set = new Set()));
    set.add(client);
  }

  /** The sessions (of one user, or of everybody) that reached their expiry, once each. */
  expiredSessions(nowMs: number, userId?: number): Iterable<SessionEnded> {
    const expired = new Map<string, SessionEnded>();
    const clientSets = userId === undefined ? this.byUser.values() : [this.byUser.get(userId)];
    for (const clients of clientSets)
      for (const client of clients ?? []) {
        const session = client.session;
        if (session && session.expiresAtMs <= nowMs && !expired.has(session.tokenHash))
          expired.set(session.tokenHash, {
            userId: session.userId,
            tokenHash: session.tokenHash,
            reason: SessionEndReason.expired,
          });
      }
    return expired.values();
  }

  /**
   * A trading push, in each socket's language; orders and closes only to those subscribed. The hub
   * ends the user's expired sessions once before a commit's messages to them (socket-hub.ts
   * `deliverTrading`), not again for each message.
   */
  deliverTrading(userId: number, message: UserMessage): void {
    const clients = this.of(userId);
    // Order rows and closed ids read the same in every language: serialised once for all sockets.
    let encoded: string | undefined;
    for (const client of clients) {
      if (message.type === 'MARGIN_CALL') {
        const msg = translate(client.lang, 'margin_call', {
          level: message.margin_level,
          stop_out: message.stop_out_level,
        });
        this.send(client, encode({ ...message, msg }));
      } else if (message.type === 'STOP_OUT') {
        const msg = translate(client.lang, 'stop_out', {
          count: message.closed.length,
          level: message.margin_level,
        });
        this.send(client, encode({ ...message, msg }));
      } else if (message.type === 'TRAILING_STOP_CLOSED') {
        const { show_code: code, ...push } = message;
        const msg = translate(client.lang, 'order.trailing_stop_closed', { code, price: push.close_price });
        this.send(client, encode({ ...push, msg }));
      } else if (client.topics.has(message.type === 'FOREX_CLOSED' ? Topic.forexClosed : Topic.forexTrade)) {
        this.send(client, (encoded ??= encode(message)));
      }
    }
  }

  /** A new notification of the centre, rendered in each socket's language. */
  deliverNotification({ userId, notification, unread }: AppEvents['notification_created']): void {
    for (const client of this.liveOf(userId))
      this.send(
        client,
        encode({
          type: NOTIFICATION_MESSAGE,
          notification: renderNotification(client.lang, notification, false),
          unread,
        }),
      );
  }

  /** Every signed-in socket of the user hears that staff changed something of theirs. */
  tellAccountChanged(userId: number, what: AccountChangedPush['what']): void {
    const message = encode({ type: ACCOUNT_CHANGED_MESSAGE, what });
    for (const client of this.liveOf(userId)) this.send(client, message);
  }
}

/** Which of the user's records a money decision changed, by its audit action (`deposit.approve`…). */
export function recordsChangedBy(action: string): AccountChangedPush['what'] {
  if (action.startsWith('deposit')) return 'deposit';
  return action.startsWith('withdrawal') ? 'withdrawal' : 'balance';
}

/** A commit's messages by user, each user's in the order committed. */
export function messagesByUser(
  updates: ReadonlyArray<{ userId: number; message: UserMessage }>,
): Map<number, UserMessage[]> {
  const byUser = new Map<number, UserMessage[]>();
  for (const { userId, message } of updates) {
    const messages = byUser.get(userId);
    if (messages) messages.push(message);
    else byUser.set(userId, [message]);
  }
  return byUser;
}
