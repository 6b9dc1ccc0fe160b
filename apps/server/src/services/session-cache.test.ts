import { describe, expect, it, vi } from 'vitest';
import type { SessionRecord, UserRecord } from '../repositories/user-repository.ts';
import { SessionCache } from './session-cache.ts';

const user = (id: number, demoOf: number | null = null) => ({ id, demoOf }) as unknown as UserRecord;

function cacheOver(sessions: Map<string, SessionRecord>) {
  let nowMs = 1_000_000;
  const lookups = vi.fn(async (hash: string) => sessions.get(hash));
  const used = vi.fn();
  const cache = new SessionCache({ users: { sessionOf: lookups }, devices: { used }, now: () => nowMs });
  return { cache, lookups, used, advance: (ms: number) => (nowMs += ms) };
}

describe('the session cache', () => {
  it('answers a cached session without waiting, and only while it is trusted', async () => {
    const sessions = new Map([['h1', { user: user(1), sessionId: 1, expiresAtMs: 1_000_000 + 60_000 }]]);
    const { cache, lookups, used, advance } = cacheOver(sessions);
    expect(cache.cachedSessionOf('h1')).toBeUndefined();
    expect((await cache.sessionOf('h1'))?.user.id).toBe(1);
    expect(cache.cachedSessionOf('h1')?.user.id).toBe(1);
    expect(lookups).toHaveBeenCalledTimes(1);
    // Every answer notes the session's use, from memory or not.
    expect(used).toHaveBeenCalledTimes(2);
    // Past the trust window the database is asked again.
    advance(5000);
    expect(cache.cachedSessionOf('h1')).toBeUndefined();
    await cache.sessionOf('h1');
    expect(lookups).toHaveBeenCalledTimes(2);
  });

  it('never answers from memory a session past its expiry', async () => {
    const sessions = new Map([['h1', { user: user(1), sessionId: 1, expiresAtMs: 1_000_000 + 1000 }]]);
    const { cache, advance } = cacheOver(sessions);
    await cache.sessionOf('h1');
    advance(1000);
    expect(cache.cachedSessionOf('h1')).toBeUndefined();
  });

  it('forgets a signed-out session and every session of a changed user at once', async () => {
    const sessions = new Map([
      ['own', { user: user(1), sessionId: 1, expiresAtMs: 2_000_000 }],
      ['demo', { user: user(2, 1), sessionId: 1, expiresAtMs: 2_000_000 }],
      ['other', { user: user(3), sessionId: 1, expiresAtMs: 2_000_000 }],
    ]);
    const { cache } = cacheOver(sessions);
    for (const hash of sessions.keys()) await cache.sessionOf(hash);
    cache.forgetSession('other');
    expect(cache.cachedSessionOf('other')).toBeUndefined();
    cache.forgetUser(1);
    expect(cache.cachedSessionOf('own')).toBeUndefined();
    expect(cache.cachedSessionOf('demo')).toBeUndefined();
  });

  it('keeps no session that was signed out while its lookup was under way, and reads it again', async () => {
    const sessions = new Map([['h1', { user: user(1), sessionId: 1, expiresAtMs: 2_000_000 }]]);
    const { cache, lookups } = cacheOver(sessions);
    // The first read finds the session; the sign-out lands before that answer comes back.
    let release: () => void = () => {};
    lookups.mockImplementationOnce(async (hash: string) => {
      const found = sessions.get(hash);
      await new Promise<void>((resolve) => (release = resolve));
      return found;
    });
    const pending = cache.sessionOf('h1');
    await Promise.resolve();
    sessions.delete('h1');
    cache.forgetSession('h1');
    release();
    expect(await pending).toBeUndefined();
    expect(lookups).toHaveBeenCalledTimes(2);
    expect(cache.cachedSessionOf('h1')).toBeUndefined();
  });

  it('answers but keeps nothing when a user changes during the second read too', async () => {
    const sessions = new Map([['h1', { user: user(1), sessionId: 1, expiresAtMs: 2_000_000 }]]);
    const { cache, lookups } = cacheOver(sessions);
    lookups.mockImplementation(async (hash: string) => {
      const found = sessions.get(hash);
      cache.forgetUser(9); // someone else changes on every read
      return found;
    });
    expect((await cache.sessionOf('h1'))?.user.id).toBe(1);
    expect(lookups).toHaveBeenCalledTimes(2);
    expect(cache.cachedSessionOf('h1')).toBeUndefined();
  });
});
