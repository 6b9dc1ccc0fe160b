import { describe, expect, it } from 'vitest';
import { SessionEndReason } from '@omp/protocol';
import type { SessionEnded } from '../events/event-bus.ts';
import { ends, SessionLookups, type SocketSession } from './socket-session.ts';

const session = (sessionId: number | undefined, tokenHash = `h${sessionId}`): SocketSession => ({
  userId: 7,
  isDemo: false,
  tokenHash,
  ...(sessionId === undefined ? {} : { sessionId }),
  expiresAtMs: 10_000,
});

/** A new password set from session 5, the highest of the user's sessions when they ended. */
const passwordChanged: SessionEnded = {
  userId: 7,
  spareTokenHash: 'h5',
  spareEnded: true,
  lastSessionId: 5,
  reason: SessionEndReason.passwordChanged,
};

describe('a user-wide end and the sessions opened after it', () => {
  it('ends every session up to the highest it names, and none opened after it', () => {
    expect(ends(passwordChanged, session(3))).toBe(true);
    expect(ends(passwordChanged, session(5))).toBe(true);
    expect(ends(passwordChanged, session(6))).toBe(false);
    // A session whose id the socket does not know is ended, as before.
    expect(ends(passwordChanged, session(undefined, 'h9'))).toBe(true);
    // An end that names no bound ends them all, the later ones too.
    const { lastSessionId: _, ...unbounded } = passwordChanged;
    expect(ends(unbounded, session(6))).toBe(true);
  });

  it('spares an own demo session opened after the end, and ends an earlier one', () => {
    const demo = (sessionId: number) => ({ ...session(sessionId), userId: 8, isDemo: true, ownerId: 7 });
    expect(ends(passwordChanged, demo(4))).toBe(true);
    expect(ends(passwordChanged, demo(6))).toBe(false);
  });

  it('lets a login whose lookup was under way as the end arrived attach a session opened after it', async () => {
    let answer: (found: SocketSession) => void = () => undefined;
    const lookups = new SessionLookups(
      () => new Promise((resolve) => (answer = resolve)),
      () => 0,
    );
    const newer = lookups.lookUp('new-token');
    lookups.ended(passwordChanged);
    answer(session(6));
    expect(await newer).toMatchObject({ sessionId: 6 });

    const older = lookups.lookUp('old-token');
    lookups.ended(passwordChanged);
    answer(session(4));
    expect(await older).toBeUndefined();
  });
});
