/** Who is signed in where: the hub's per-user index keeps the users signed in now, no others. */
import { describe, expect, it } from 'vitest';
import type { SocketSession } from './socket-session.ts';
import { UserSockets, type UserSocket } from './socket-user-delivery.ts';

const sessionOf = (userId: number): SocketSession => ({
  userId,
  isDemo: false,
  tokenHash: `hash-${userId}`,
  expiresAtMs: 1_000_000,
});
const socket = (): UserSocket => ({ lang: 'en', topics: new Set(), userId: undefined, session: undefined });

describe('UserSockets', () => {
  it('forgets a user once no socket is signed in as them: a node up for months holds no trace of every user it saw', () => {
    const users = new UserSockets<UserSocket>(() => {});
    const first = socket();
    const second = socket();
    for (let userId = 1; userId <= 1_000; userId++) {
      users.setUser(first, sessionOf(userId));
      users.setUser(second, sessionOf(userId));
      users.setUser(second, undefined);
    }
    // The first socket went from user to user: only its last one is held.
    expect([...users.byUser.keys()]).toEqual([1_000]);
    expect([...users.of(1_000)]).toEqual([first]);
    users.setUser(first, undefined);
    expect(users.byUser.size).toBe(0);
    expect([...users.of(1_000)]).toEqual([]);
  });
});
