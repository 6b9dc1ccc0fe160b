/**
 * The back office's hold on a trader's access (compliance or admin): disable or enable an account,
 * and end every session of one. Each is one transaction with its audit row (the account before and
 * after, and the reason staff gave); once committed, the ended sessions are announced, so the
 * user's HTTP calls answer 999 and their sockets are told and keep public topics only.
 */
import { SessionEndReason, type UserAccess } from '@omp/protocol';
import { accessOf, revokeAllSessions, setDisabled } from '../repositories/user-access-repository.ts';
import { auditedChanges } from './audited-change.ts';
import type { AuthService } from './auth-service.ts';
import type { Db } from '../repositories/unit-of-work.ts';

export interface UserAccessServiceOptions {
  db: Db;
  auth: Pick<AuthService, 'sessionsEnded' | 'forgetUser'>;
  writeAudit: Parameters<typeof auditedChanges>[1];
  now: () => number;
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
    await this.auditedChange({
      staffId,
      action: disabled ? 'user.disable' : 'user.enable',
      id,
      missingKey: 'user.not_found',
      reason,
      read: (trx, userId) => accessOf(trx, userId, this.o.now()),
      write: async (trx) => {
        await setDisabled(trx, id, disabled);
        if (disabled) await revokeAllSessions(trx, id, this.o.now());
      },
    });
    if (disabled) this.o.auth.sessionsEnded({ userId: id, reason: SessionEndReason.userDisabled });
    else this.o.auth.forgetUser(id);
    return (await accessOf(this.o.db, id, this.o.now()))!;
  }

  /** Ends every session of a user now (they can log in again); the access as it is after. */
  async endSessions(staffId: number, id: number, reason: string): Promise<UserAccess> {
    await this.auditedChange({
      staffId,
      action: 'user.logout',
      id,
      missingKey: 'user.not_found',
      reason,
      read: (trx, userId) => accessOf(trx, userId, this.o.now()),
      write: (trx) => revokeAllSessions(trx, id, this.o.now()),
    });
    this.o.auth.sessionsEnded({ userId: id, reason: SessionEndReason.forcedLogout });
    return (await accessOf(this.o.db, id, this.o.now()))!;
  }
}
