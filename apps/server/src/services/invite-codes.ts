/**
 * Every account gets an invite code of its own at creation: eight letters and digits from an
 * alphabet without look-alikes (no I, O, 0 or 1), drawn until one is free.
 */
import { randomBytes } from 'node:crypto';
import type { UserRecord, UserRepository } from '../repositories/user-repository.ts';

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const ATTEMPTS = 5;

export type NewUser = Omit<Parameters<UserRepository['create']>[0], 'inviteCode' | 'createdAt'>;

export async function createWithInviteCode(
  users: Pick<UserRepository, 'byInviteCode' | 'create'>,
  user: NewUser,
  createdAt: number,
): Promise<UserRecord> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const inviteCode = Array.from(randomBytes(8), (b) => INVITE_ALPHABET[b % INVITE_ALPHABET.length]).join(
      '',
    );
    if (await users.byInviteCode(inviteCode)) continue;
    return users.create({ ...user, inviteCode, createdAt });
  }
  throw new Error('could not find a free invite code');
}
