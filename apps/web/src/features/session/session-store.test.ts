import { beforeEach, describe, expect, it } from 'vitest';
import type { User } from '@omp/protocol';
import { isDemoUser, isInOwnDemo, useSession } from './session-store.ts';

const user = (id: number, isDemo: 0 | 1): User => ({
  id,
  uid: 10_000_000 + id,
  email: isDemo ? null : `u${id}@example.com`,
  mobile: null,
  is_demo: isDemo,
  invite_code: 'ABCDEFGH',
  created_at: 0,
});
const real = user(1, 0);
const demo = user(2, 1);

describe('the switch between the real and the own demo account', () => {
  beforeEach(() => useSession.getState().signOut());

  it('keeps the real session aside while in demo, and goes back to it', () => {
    useSession.getState().signIn('real-token', real);
    useSession.getState().enterOwnDemo('demo-token', demo);
    expect(useSession.getState()).toMatchObject({ token: 'demo-token', user: demo });
    expect(isDemoUser(useSession.getState())).toBe(true);
    expect(isInOwnDemo(useSession.getState())).toBe(true);

    useSession.getState().backToReal();
    expect(useSession.getState()).toMatchObject({ token: 'real-token', user: real, realSession: null });
    expect(isDemoUser(useSession.getState())).toBe(false);
    expect(isInOwnDemo(useSession.getState())).toBe(false);
  });

  it('never keeps a demo session as the real one, however often demo is entered', () => {
    useSession.getState().signIn('real-token', real);
    useSession.getState().enterOwnDemo('demo-1', demo);
    useSession.getState().enterOwnDemo('demo-2', demo);
    useSession.getState().backToReal();
    expect(useSession.getState().token).toBe('real-token');
  });

  it('forgets the kept real session at a new sign-in and at sign-out', () => {
    useSession.getState().signIn('real-token', real);
    useSession.getState().enterOwnDemo('demo-token', demo);
    useSession.getState().signIn('other-token', user(3, 0));
    expect(useSession.getState().realSession).toBeNull();

    useSession.getState().enterOwnDemo('demo-token', demo);
    useSession.getState().signOut();
    expect(useSession.getState()).toMatchObject({ token: '', user: null, realSession: null });
    // Going back with nothing kept changes nothing.
    useSession.getState().backToReal();
    expect(useSession.getState().token).toBe('');
  });
});
