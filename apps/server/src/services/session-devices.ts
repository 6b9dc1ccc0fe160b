/**
 * Sessions as devices: what opened each one (browser, device, time zone, address), when it was last
 * used, signing one or all the others out, and the notice of a sign-in from a device the user
 * never signed in from (docs/decisions/0018-sessions-devices-and-payout-cooling.md).
 *
 * - Every session opens through `open`, called by AuthService.openSession, so each way of signing
 *   in (password, registration, demo, own demo, a password change, a second factor) records its
 *   device and tells of a new one.
 * - A device is the random id the app keeps in its browser. A session opened without one (an
 *   older client, a script) counts as a new device: a sign-in that cannot be recognised is the one
 *   most worth telling of. The user's very first session tells nothing: they just signed up.
 * - The last use is written at most once a minute per session: the first request of a minute
 *   writes it, later ones are answered from memory, and the UPDATE's own condition holds the rule
 *   across nodes. A request costs no write.
 */
import { ResponseCode, SessionEndReason, type Language, type SignedInSession } from '@omp/protocol';
import { DomainError, notFound, refused } from '../domain/errors.ts';
import type { SessionEnded } from '../events/event-bus.ts';
import type { SessionGround, SessionRepository } from '../repositories/session-repository.ts';
import { noticeTime, type SecurityNotices } from './security-notices.ts';
import { describeUserAgent } from './user-agent.ts';

/** What the app says of itself when a session opens (http/session-device.ts reads it). */
export interface SessionDevice {
  userAgent?: string | undefined;
  deviceId?: string | undefined;
  timeZone?: string | undefined;
  /** The request's language: the new-device notice's only for a user with no language stored. */
  lang?: Language | undefined;
  /**
   * The new session replaces the asking device's own (a password change hands it a new token):
   * the same device, never told of as a new one.
   */
  continuesSession?: boolean | undefined;
}

export interface SessionOpening extends SessionDevice {
  userId: number;
  tokenHash: string;
  nowMs: number;
  expiresAtMs: number;
  ip: string;
  /** What proved the right to it, checked again as it is written (session-grounds.ts). */
  ground: SessionGround;
  /** What the sign-in is told when its ground gave way; `refusalOf(ground)` when not given. */
  refusal?: DomainError | undefined;
}

export const sessionInvalid = () => new DomainError(ResponseCode.sessionInvalid, 'session_invalid');

/** What a sign-in whose ground gave way meanwhile is told: what it would be told asking again now. */
function refusalOf(ground: SessionGround): DomainError {
  if ('passwordHash' in ground) return refused('login_failed');
  if ('challengeHash' in ground) return refused('two_factor.challenge_expired');
  if ('sessionHash' in ground) return sessionInvalid();
  return refused('account_disabled');
}

export const LAST_USED_GAP_MS = 60_000;
/** Sessions whose last write is remembered; past it the memory starts again (a write each, once). */
const TOUCHED_MAX = 100_000;

export interface SessionDevicesOptions {
  sessions: SessionRepository;
  notices: SecurityNotices;
  /** AuthService.sessionsEnded: drops the sessions from every cache and cuts their sockets. */
  sessionsEnded: (event: SessionEnded) => void;
  now: () => number;
  logError: (error: unknown, message: string) => void;
}

export class SessionDevices {
  private readonly o: SessionDevicesOptions;
  private readonly touchedAtMs = new Map<string, number>();

  constructor(options: SessionDevicesOptions) {
    this.o = options;
  }

  /** Refused when its ground no longer holds (session-grounds.ts): nothing opened, nobody told. */
  async open(opening: SessionOpening): Promise<void> {
    const { sessions } = this.o;
    const hadSession = await sessions.hasAny(opening.userId);
    const { ground, refusal, ...session } = opening;
    const created = await sessions.create(
      {
        ...session,
        userAgent: opening.userAgent?.slice(0, 512) || null,
        deviceId: opening.deviceId ?? null,
        timeZone: opening.timeZone ?? null,
      },
      ground,
    );
    if (!created) throw refusal ?? refusalOf(ground);
    this.touchedAtMs.set(opening.tokenHash, opening.nowMs);
    const isNewDevice = opening.deviceId
      ? await sessions.rememberDevice(opening.userId, opening.deviceId, opening.nowMs)
      : true;
    if (hadSession && isNewDevice && !opening.continuesSession) this.tellNewDevice(opening);
  }

  private tellNewDevice(opening: SessionOpening): void {
    const { device, browser } = describeUserAgent(opening.userAgent ?? '');
    const unknown = '?';
    this.o.notices.tellUser(
      opening.userId,
      'new_device',
      {
        device: device || unknown,
        browser: browser || unknown,
        area: opening.timeZone || unknown,
        ip: opening.ip,
        time: noticeTime(opening.nowMs),
      },
      opening.lang,
    );
  }

  /** A request was made with the session: its last use moves on, once a minute at most. */
  used(tokenHash: string): void {
    const nowMs = this.o.now();
    const last = this.touchedAtMs.get(tokenHash);
    if (last !== undefined && nowMs - last < LAST_USED_GAP_MS && nowMs >= last) return;
    if (this.touchedAtMs.size >= TOUCHED_MAX) this.touchedAtMs.clear();
    this.touchedAtMs.set(tokenHash, nowMs);
    this.o.sessions
      .touch(tokenHash, nowMs, LAST_USED_GAP_MS)
      .catch((error: unknown) => this.o.logError(error, 'writing a session’s last use failed'));
  }

  /**
   * The user's live sessions, the one asking marked `current`. Asked from a demo account, every
   * session listed is that demo account's (a real user's list shows their own demo's too).
   */
  async list(userId: number, currentTokenHash: string, askedFromDemo = false): Promise<SignedInSession[]> {
    const rows = await this.o.sessions.live(userId, this.o.now());
    // This device first, then the others by their last use.
    const current = rows.filter((row) => row.tokenHash === currentTokenHash);
    const others = rows.filter((row) => row.tokenHash !== currentTokenHash);
    return [...current, ...others].map((row) => ({
      id: row.id,
      current: row.tokenHash === currentTokenHash,
      demo: askedFromDemo || row.userId !== userId,
      ...describeUserAgent(row.userAgent),
      area: row.timeZone,
      ip: row.ip,
      created_at: Math.floor(row.createdAt / 1000),
      last_used_at: Math.floor(row.lastUsedAt / 1000),
    }));
  }

  /**
   * Signs one of the user's sessions out; its requests answer 999 and its socket is told at once.
   * The asking session itself may be named: that is a logout, and its socket is told so.
   */
  async signOut(userId: number, id: number, currentTokenHash: string): Promise<void> {
    const revoked = await this.o.sessions.revokeOne(userId, id, this.o.now());
    if (revoked === undefined) throw notFound('sessions.not_found');
    const { tokenHash } = revoked;
    this.touchedAtMs.delete(tokenHash);
    const reason =
      tokenHash === currentTokenHash ? SessionEndReason.logout : SessionEndReason.signedOutElsewhere;
    // Named by whose session it was: one of the own demo account is held by that account's sockets.
    this.o.sessionsEnded({ userId: revoked.userId, tokenHash, reason });
  }

  /** Signs out every session of the user but the one asking; answers how many ended. */
  async signOutOthers(userId: number, currentTokenHash: string): Promise<number> {
    const { ended, lastSessionId } = await this.o.sessions.revokeAllBut(
      userId,
      currentTokenHash,
      this.o.now(),
    );
    if (ended > 0)
      this.o.sessionsEnded({
        userId,
        spareTokenHash: currentTokenHash,
        lastSessionId,
        reason: SessionEndReason.signedOutElsewhere,
      });
    return ended;
  }
}
