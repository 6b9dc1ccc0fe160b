/**
 * Who is signed in: the session token and the user record. The login, registration and demo
 * screens fill it; the request layer reads the token for every call and clears both on a 999
 * answer; the socket signs in and out as the token changes (use-socket-session.ts).
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { User } from '@omp/protocol';
import { persistStorage, storageKey } from '../../lib/storage.ts';

/** The user as the API returns it (packages/protocol/src/account.ts). */
export type SessionUser = User;

export interface SessionState {
  token: string;
  user: SessionUser | null;
  signIn(token: string, user: SessionUser | null): void;
  setUser(user: SessionUser | null): void;
  /** A password change revokes every session and hands this device a new token. */
  setToken(token: string): void;
  signOut(): void;
}

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      token: '',
      user: null,
      signIn: (token, user) => set({ token, user }),
      setUser: (user) => set({ user }),
      setToken: (token) => set({ token }),
      signOut: () => set({ token: '', user: null }),
    }),
    {
      name: storageKey('session'),
      storage: persistStorage,
      version: 1,
      partialize: (state) => ({ token: state.token, user: state.user }),
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
