/** A user as the public API shows them. */
import type { User } from '@omp/protocol';
import type { UserRecord } from '../repositories/user-repository.ts';

export function toWireUser(user: UserRecord): User {
  return {
    id: user.id,
    uid: user.uid,
    email: user.email,
    mobile: user.mobile,
    is_demo: user.isDemo ? 1 : 0,
    invite_code: user.inviteCode,
    created_at: Math.floor(user.createdAt / 1000),
  };
}
