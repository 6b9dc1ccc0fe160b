/**
 * The back office's hold on a trader's access (compliance or admin): disable or enable an account,
 * and end every session of one. Each is one transaction with its audit row (the account before and
 * after, and the reason staff gave); once committed, the ended sessions are announced, so the
 * user's HTTP calls answer 999 and their sockets are told and keep public topics only.
 */
import { randomBytes } from 'node:crypto';
import { CodePurpose, SessionEndReason, type Language, type UserAccess } from '@omp/protocol';
import { notFound, refused } from '../domain/errors.ts';
import type { EventBus } from '../events/event-bus.ts';
import {
  accessOf,
  contactOf,
  replacePasswordHash,
  revokeAllSessions,
  setDisabled,
  setFrozen,
} from '../repositories/user-access-repository.ts';
import { auditedChanges } from './audited-change.ts';
import type { AuthService } from './auth-service.ts';
import type { Db } from '../repositories/unit-of-work.ts';
import type { VerificationService } from './verification-service.ts';

export interface UserAccessServiceOptions {
  db: Db;
  auth: Pick<AuthService, 'sessionsEnded' | 'forgetUser'>;
  codes: Pick<VerificationService, 'sendCode'>;
  events: Pick<EventBus, 'publish'>;
  writeAudit: Parameters<typeof auditedChanges>[1];
  now: () => number;
  /** The user's own language (user-locales.ts): what staff send the user is written in it. */
  languageOf: (userId: number) => Promise<Language>;
}

export class UserAccessService {
  private readonly o: UserAccessServiceOptions;
  private readonly auditedChange: ReturnType<typeof auditedChanges>;

  constructor(options: UserAccessServiceOptions) {
    this.o = options;
    this.auditedChange = auditedChanges(options.db, options.writeAudit, options.now);
  }

  /** Disables (ending every session at once) or enables a user; the access as it is after. */
  async setDisabled(staffId: number, id: number, disabled: boolean, reason: string): Promise<UserAccess> {
    let lastSessionId = 0;
    await this.auditedChange({
      staffId,
      action: disabled ? 'user.disable' : 'user.enable',
      id,
      missingKey: 'user.not_found',
      reason,
      read: (trx, userId) => accessOf(trx, userId, this.o.now()),
      write: async (trx) => {
        await setDisabled(trx, id, disabled);
        if (disabled) lastSessionId = await revokeAllSessions(trx, id, this.o.now());
      },
    });
    if (disabled)
      this.o.auth.sessionsEnded({ userId: id, lastSessionId, reason: SessionEndReason.userDisabled });
    else this.o.events.publish('user_changed', { userId: id });
    return (await accessOf(this.o.db, id, this.o.now()))!;
  }

  /**
   * Freezes or lifts trading (new orders) and withdrawals. Every node's session cache drops the
   * user (`user_changed`), so the next order is decided with the hold on it.
   */
  async setFrozen(
    staffId: number,
    id: number,
    holds: { trading?: boolean | undefined; withdrawals?: boolean | undefined },
    reason: string,
  ): Promise<UserAccess> {
    await this.auditedChange({
      staffId,
      action: 'user.freeze',
      id,
      missingKey: 'user.not_found',
      reason,
      read: (trx, userId) => accessOf(trx, userId, this.o.now()),
      write: (trx) => setFrozen(trx, id, holds),
    });
    this.o.events.publish('user_changed', { userId: id });
    return (await accessOf(this.o.db, id, this.o.now()))!;
  }

  /**
   * Staff reset a password: the user is sent a code first (if it cannot be sent, nothing changes),
   * then the old password stops working and every session ends; the user chooses a new password
   * with the code through "Forgot password". The code is worded in the user's language, not the
   * back office's.
   */
  async resetPassword(staffId: number, id: number, reason: string, ip: string): Promise<UserAccess> {
    const contact = await contactOf(this.o.db, id);
    if (!contact) throw notFound('user.not_found');
    if (contact.isDemo || (!contact.email && !contact.mobile)) throw refused('user.reset_needs_address');
    const channel = contact.email ? 'email' : 'sms';
    await this.o.codes.sendCode({
      channel,
      address: (contact.email ?? contact.mobile)!,
      purpose: CodePurpose.reset,
      ip,
      lang: await this.o.languageOf(id),
      messageKey: 'staff_reset_code_message',
      byStaff: true,
    });
    let lastSessionId = 0;
    await this.auditedChange({
      staffId,
      action: 'user.password_reset',
      id,
      missingKey: 'user.not_found',
      reason,
      auditedWhenUnchanged: true,
      read: (trx, userId) => accessOf(trx, userId, this.o.now()),
      write: async (trx) => {
        await replacePasswordHash(trx, id, `locked$${randomBytes(16).toString('hex')}`, this.o.now());
        lastSessionId = await revokeAllSessions(trx, id, this.o.now());
      },
    });
    this.o.auth.sessionsEnded({ userId: id, lastSessionId, reason: SessionEndReason.passwordReset });
    return (await accessOf(this.o.db, id, this.o.now()))!;
  }

  /** Ends every session of a user now (they can log in again); the access as it is after. */
  async endSessions(staffId: number, id: number, reason: string): Promise<UserAccess> {
    let lastSessionId = 0;
    await this.auditedChange({
      staffId,
      action: 'user.logout',
      id,
      missingKey: 'user.not_found',
      reason,
      auditedWhenUnchanged: true,
      read: (trx, userId) => accessOf(trx, userId, this.o.now()),
      // Not the write's answer: a number there names the record audited.
      write: async (trx) => {
        lastSessionId = await revokeAllSessions(trx, id, this.o.now());
      },
    });
    this.o.auth.sessionsEnded({ userId: id, lastSessionId, reason: SessionEndReason.forcedLogout });
    return (await accessOf(this.o.db, id, this.o.now()))!;
  }
}
