/**
 * Traders' second factor: the authenticator secret (pending until a first code confirms it), the
 * recovery codes and last accepted step (second-factor-store.ts), and the login challenges a
 * password opens for a user with a second factor.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { toInt } from '../db/values.ts';
import { UNSEALED, type SecretBox } from '../security/secret-box.ts';
import { SecondFactorStore, USER_SECOND_FACTOR_TABLES } from './second-factor-store.ts';
import { groundHolds } from './session-grounds.ts';

/** A passed challenge is kept this long: the session it opens is written just after, and checks it. */
const PASSED_CHALLENGE_KEPT_MS = 60_000;

export interface UserSecondFactorRecord {
  secret: string;
  /** Null while the enrolment waits for its first code. */
  enrolledAt: number | null;
  /** The token hash of the session that started a pending enrolment (null once enrolled). */
  pendingSession: string | null;
}

export class UserSecondFactorRepository {
  private readonly db: Kysely<Database>;
  /** Seals the authenticator secret at rest (security/secret-box.ts). */
  private readonly secrets: SecretBox;
  readonly codes: SecondFactorStore;

  constructor(db: Kysely<Database>, secrets: SecretBox = UNSEALED) {
    this.db = db;
    this.secrets = secrets;
    this.codes = new SecondFactorStore(db, USER_SECOND_FACTOR_TABLES);
  }

  async of(userId: number): Promise<UserSecondFactorRecord | undefined> {
    const row = await this.db
      .selectFrom('user_second_factors')
      .select(['secret', 'enrolled_at', 'pending_session'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return (
      row && {
        secret: this.secrets.open(row.secret),
        enrolledAt: row.enrolled_at === null ? null : toInt(row.enrolled_at),
        pendingSession: row.pending_session,
      }
    );
  }

  /** Keeps the secret an enrolment shows, before the first code confirms it, for the session that asked. */
  async startPending(userId: number, secret: string, nowMs: number, session: string): Promise<void> {
    await this.db
      .insertInto('user_second_factors')
      .values({
        user_id: userId,
        secret: this.secrets.seal(secret),
        created_at: nowMs,
        pending_session: session,
      })
      .execute();
  }

  /** A new pending secret for another session; false when the enrolment was confirmed meanwhile. */
  async restartPending(userId: number, secret: string, nowMs: number, session: string): Promise<boolean> {
    const result = await this.db
      .updateTable('user_second_factors')
      .set({ secret: this.secrets.seal(secret), created_at: nowMs, pending_session: session })
      .where('user_id', '=', userId)
      .where('enrolled_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * True when this call enrolled it: the pending secret of this session (a second confirmation of
   * the same secret finds it done; another session's secret is not this one's to confirm).
   */
  async confirm(userId: number, nowMs: number, session: string): Promise<boolean> {
    const result = await this.db
      .updateTable('user_second_factors')
      .set({ enrolled_at: nowMs, pending_session: null })
      .where('user_id', '=', userId)
      .where('enrolled_at', 'is', null)
      .where('pending_session', '=', session)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Turns the second factor off: the secret, the recovery codes and open challenges go. */
  async remove(userId: number): Promise<boolean> {
    await this.codes.clearRecoveryCodes(userId);
    await this.db.deleteFrom('user_login_challenges').where('user_id', '=', userId).execute();
    const result = await this.db
      .deleteFrom('user_second_factors')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /**
   * Opens a login's challenge if the password it was proven with is the user's still, in one
   * transaction with that check (session-grounds.ts): one opened after a new password ended every
   * challenge would outlive it. False when it is not, and nothing is written.
   */
  async openChallenge(challenge: {
    tokenHash: string;
    userId: number;
    ip: string;
    nowMs: number;
    expiresAtMs: number;
    passwordHash: string;
  }): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const { userId, nowMs, passwordHash } = challenge;
      if (!(await groundHolds(trx, userId, { passwordHash }, nowMs))) return false;
      // Lapsed challenges, and those passed a while ago, are of no more use: the table stays small.
      // One passed just now is kept: the session it opens checks it is there (session-grounds.ts).
      await trx
        .deleteFrom('user_login_challenges')
        .where('user_id', '=', userId)
        .where((eb) =>
          eb.or([eb('passed_at', '<=', nowMs - PASSED_CHALLENGE_KEPT_MS), eb('expires_at', '<=', nowMs)]),
        )
        .execute();
      await trx
        .insertInto('user_login_challenges')
        .values({
          token_hash: challenge.tokenHash,
          user_id: userId,
          ip: challenge.ip,
          created_at: nowMs,
          expires_at: challenge.expiresAtMs,
        })
        .execute();
      return true;
    });
  }

  /** The user of a challenge neither passed nor lapsed. */
  async challengeUser(tokenHash: string, nowMs: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('user_login_challenges')
      .select('user_id')
      .where('token_hash', '=', tokenHash)
      .where('passed_at', 'is', null)
      .where('expires_at', '>', nowMs)
      .executeTakeFirst();
    return row && toInt(row.user_id);
  }

  /** Marks a challenge passed; false when it already was (or lapsed): it opens one session only. */
  async passChallenge(tokenHash: string, nowMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable('user_login_challenges')
      .set({ passed_at: nowMs })
      .where('token_hash', '=', tokenHash)
      .where('passed_at', 'is', null)
      .where('expires_at', '>', nowMs)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
