/** What the socket hub knows of a signed-in connection's session, and of the messages it may send. */
import { Topic } from '@omp/protocol';
import type { SessionEnded } from '../events/event-bus.ts';

/** The session a socket signed in with. */
export interface SocketSession {
  userId: number;
  /** A demo user: a trading account opened on first use starts with the demo balance. */
  isDemo: boolean;
  /** SHA-256 of the token, the name `session_ended` events give a single session. */
  tokenHash: string;
  /** The session's row id; absent, every user-wide end ends it (SessionEnded `lastSessionId`). */
  sessionId?: number;
  expiresAtMs: number;
  /** For a real user's own demo account: that real user, with whom its sessions end. */
  ownerId?: number;
}

/** Topics that carry one user's messages: a socket whose session ends leaves them. */
export const PRIVATE_TOPICS: readonly string[] = [Topic.forexTrade, Topic.forexClosed];

/**
 * Messages one connection may send: `burst` at once, then `ratePerSecond` on average. The web
 * client sends a ping every second and a few sub/unsub per screen; a reconnect re-sends every topic.
 */
export interface SocketRateLimit {
  burst: number;
  ratePerSecond: number;
}
export const DEFAULT_SOCKET_RATE_LIMIT: SocketRateLimit = { burst: 50, ratePerSecond: 20 };

/**
 * Whether a `session_ended` event covers this session: the spared one of a user-wide end too when
 * it ended with the others (a new password), for no socket may stay attached to a revoked session;
 * never one opened after a user-wide end (openedAfter), however late the event arrives.
 */
export function ends(event: SessionEnded, session: SocketSession): boolean {
  if (openedAfter(event, session)) return false;
  if (event.userId === session.userId)
    return event.tokenHash === undefined
      ? event.spareTokenHash !== session.tokenHash || event.spareEnded === true
      : event.tokenHash === session.tokenHash;
  return endsOwnDemo(event, session);
}

/**
 * Whether the session was opened after the user-wide end: its id is above the highest the end saw.
 * On a cluster the phone that changed its password can sign its socket in with the new token on a
 * node that hears of the change only afterwards; telling that socket would sign the phone out.
 */
function openedAfter(event: SessionEnded, session: SocketSession): boolean {
  return (
    event.tokenHash === undefined &&
    event.lastSessionId !== undefined &&
    session.sessionId !== undefined &&
    session.sessionId > event.lastSessionId
  );
}

/**
 * Whether an ended session's sockets are detached without a word (SessionEnded `spareEnded`): its
 * device was handed a new token and signs its socket in with it; being told would sign it out.
 */
export function endsQuietly(event: SessionEnded, session: SocketSession): boolean {
  return (
    event.tokenHash === undefined &&
    event.userId === session.userId &&
    event.spareTokenHash === session.tokenHash
  );
}

/**
 * Whether the event ends a session of a real user's own demo account: every user-wide end of the
 * owner's sessions does, the ones that spare the asking device included (signing the others out, a
 * new password), as the database ends them together (person-sessions.ts).
 */
export function endsOwnDemo(event: SessionEnded, session: SocketSession): boolean {
  return session.ownerId !== undefined && event.userId === session.ownerId && event.tokenHash === undefined;
}

/**
 * Token lookups under way for `login` messages. A session that ends while its lookup is under way
 * must not be attached by the stale answer: each lookup hears the ends announced meanwhile.
 */
export class SessionLookups {
  private readonly underWay = new Set<SessionEnded[]>();
  private readonly authenticate: (token: string) => Promise<SocketSession | undefined>;
  private readonly now: () => number;

  constructor(authenticate: (token: string) => Promise<SocketSession | undefined>, now: () => number) {
    this.authenticate = authenticate;
    this.now = now;
  }

  /**
   * The token's session, unless it is unknown, expired, or ended while it was looked up. A lookup
   * that fails (the database unreachable) rejects: the client is told of a fault on our side, not
   * that its session ended, which would send it to sign in again for nothing.
   */
  async lookUp(token: string): Promise<SocketSession | undefined> {
    const endedMeanwhile: SessionEnded[] = [];
    this.underWay.add(endedMeanwhile);
    let found: SocketSession | undefined;
    try {
      found = token ? await this.authenticate(token) : undefined;
    } finally {
      this.underWay.delete(endedMeanwhile);
    }
    return found && found.expiresAtMs > this.now() && !endedMeanwhile.some((e) => ends(e, found))
      ? found
      : undefined;
  }

  /** A session ended: no lookup under way may attach it. */
  ended(event: SessionEnded): void {
    for (const endedMeanwhile of this.underWay) endedMeanwhile.push(event);
  }
}

/** A connection's logins and logouts under way; undefined when none is. */
export interface LoginQueue {
  logins: Promise<void> | undefined;
}

/**
 * Runs `run` at once when no login of the connection is being answered, otherwise after it: logins
 * and logouts are answered in the order sent, so the last one sent is what holds.
 */
export function afterLogins(connection: LoginQueue, run: () => Promise<void>): void {
  const current = connection.logins ? connection.logins.then(run) : run();
  connection.logins = current;
  void current.finally(() => {
    if (connection.logins === current) connection.logins = undefined;
  });
}

/**
 * The signed-in sockets a `session_ended` event ends: the user's own, and, when every session of
 * the user ended, those of their own demo account (endsOwnDemo).
 */
export function socketsEndedBy<S extends { session: SocketSession | undefined }>(
  event: SessionEnded,
  usersSockets: Iterable<S>,
  everySocket: Iterable<S>,
): S[] {
  const candidates = [...usersSockets];
  if (event.tokenHash === undefined)
    for (const socket of everySocket) if (socket.session?.ownerId === event.userId) candidates.push(socket);
  return candidates.filter((socket) => socket.session !== undefined && ends(event, socket.session));
}
