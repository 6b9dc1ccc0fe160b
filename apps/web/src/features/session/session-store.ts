/**
 * Who is signed in: the session token and the user record. The login, registration and demo
 * screens fill it; the request layer reads the token for every call and clears both on a 999
 * answer; the socket signs in and out as the token changes (use-socket-session.ts).
 *
 * A real user may switch to their own demo account (account-switch.ts): the demo session becomes
 * the current one and the real session is kept aside, so switching back needs no password. The
 * server never turns a demo session into a real one; the kept token is the only way back.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { User } from '@omp/protocol';
import { persistStorage, storageKey } from '../../lib/storage.ts';

/** The user as the API returns it (packages/protocol/src/account.ts). */
export type SessionUser = User;

/** A session the app holds: its token and its user. */
export interface HeldSession {
  token: string;
  user: SessionUser | null;
}

export interface SessionState {
  token: string;
  user: SessionUser | null;
  /** While in the user's own demo account: the real session to go back to. */
  realSession: HeldSession | null;
  signIn(token: string, user: SessionUser | null): void;
  setUser(user: SessionUser | null): void;
  /** A password change revokes every session and hands this device a new token. */
  setToken(token: string): void;
  /** The own demo account's session becomes current; the real one is kept to go back to. */
  enterOwnDemo(token: string, user: SessionUser): void;
  /** Back to the kept real session (its end, if it ended, shows at the next call as a 999). */
  backToReal(): void;
  signOut(): void;
}

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      token: '',
      user: null,
      realSession: null,
      signIn: (token, user) => set({ token, user, realSession: null }),
      setUser: (user) => set({ user }),
      setToken: (token) => set({ token }),
      enterOwnDemo: (token, user) =>
        set((state) => ({
          token,
          user,
          realSession: state.realSession ?? { token: state.token, user: state.user },
        })),
      backToReal: () =>
        set((state) => (state.realSession ? { ...state.realSession, realSession: null } : state)),
      signOut: () => set({ token: '', user: null, realSession: null }),
    }),
    {
      name: storageKey('session'),
      storage: persistStorage,
      version: 1,
      partialize: (state) => ({ token: state.token, user: state.user, realSession: state.realSession }),
    },
  ),
);

export const isSignedIn = (state: Pick<SessionState, 'token'>): boolean => state.token !== '';

/**
 * A demo account: may trade, may not touch money, identity or the password (docs/CONTRACT.md
 * "Demo accounts").
 */
export const isDemoUser = (state: Pick<SessionState, 'token' | 'user'>): boolean =>
  state.token !== '' && state.user?.is_demo === 1;

/** In the signed-in real user's own demo account, with the real session kept to go back to. */
export const isInOwnDemo = (state: Pick<SessionState, 'token' | 'realSession'>): boolean =>
  state.token !== '' && state.realSession !== null;
