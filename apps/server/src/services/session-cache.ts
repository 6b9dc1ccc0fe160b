/**
 * Live sessions by token hash, looked up in the database at most every few seconds (auth-service.ts
 * keeps it current: every ended session and every changed user is dropped from it).
 */
import type { SessionRecord, UserRepository } from '../repositories/user-repository.ts';
import type { SessionDevices } from './session-devices.ts';

/**
 * A session looked up once is trusted for this long without asking the database again: every
 * request carries a token, and the lookup was the largest single cost of an order. Every ended
 * session is evicted when its `session_ended` event arrives, from this process or (with a
 * cross-node event bus) another.
 */
const SESSION_CACHE_MS = 5000;
const SESSION_CACHE_MAX = 100_000;

export interface SessionCacheOptions {
  users: Pick<UserRepository, 'sessionOf'>;
  /** Where a session's use is noted (session-devices.ts). */
  devices: Pick<SessionDevices, 'used'>;
  now: () => number;
}

export class SessionCache {
  private readonly sessions = new Map<string, { session: SessionRecord; cachedAtMs: number }>();
  private readonly o: SessionCacheOptions;
  /**
   * Counts every forgetting: a lookup that saw it change while the database was asked may hold
   * what was just forgotten (on PostgreSQL the answer arrives turns later), and caching it would
   * trust a signed-out session for the whole window.
   */
  private forgets = 0;

  constructor(options: SessionCacheOptions) {
    this.o = options;
  }

  /** The live session of a token's hash; its use is noted for the devices screen. */
  async sessionOf(tokenHash: string): Promise<SessionRecord | undefined> {
    const cached = this.cachedSessionOf(tokenHash);
    if (cached) return cached;
    let { session, nowMs, raced } = await this.lookUp(tokenHash);
    // A sign-out or a change of the user while the database was asked may have come after the
    // read: the answer is read again, after it, and a read that raced again is kept nowhere.
    if (raced) ({ session, nowMs, raced } = await this.lookUp(tokenHash));
    if (!raced) {
      if (this.sessions.size >= SESSION_CACHE_MAX) this.sessions.clear();
      if (session) this.sessions.set(tokenHash, { session, cachedAtMs: nowMs });
      else this.sessions.delete(tokenHash);
    }
    if (session) this.o.devices.used(tokenHash);
    return session;
  }

  /** The database's answer, and whether anything was forgotten while it was asked. */
  private async lookUp(tokenHash: string) {
    const forgetsBefore = this.forgets;
    const nowMs = this.o.now();
    const session = await this.o.users.sessionOf(tokenHash, nowMs);
    return { session, nowMs, raced: this.forgets !== forgetsBefore };
  }

  /**
   * The session when it is cached and still trusted (its use noted), without waiting: most
   * requests are answered from here. Undefined says only that the database must be asked.
   */
  cachedSessionOf(tokenHash: string): SessionRecord | undefined {
    const cached = this.sessions.get(tokenHash);
    if (!cached) return undefined;
    const nowMs = this.o.now();
    if (
      nowMs - cached.cachedAtMs < SESSION_CACHE_MS &&
      nowMs >= cached.cachedAtMs &&
      nowMs < cached.session.expiresAtMs
    ) {
      this.o.devices.used(tokenHash);
      return cached.session;
    }
    return undefined;
  }

  forgetSession(tokenHash: string): void {
    this.forgets += 1;
    this.sessions.delete(tokenHash);
  }

  /** Drops the sessions of a user, and of their own demo account, which is closed with them. */
  forgetUser(userId: number): void {
    this.forgets += 1;
    for (const [hash, { session }] of this.sessions)
      if (session.user.id === userId || session.user.demoOf === userId) this.sessions.delete(hash);
  }
}
