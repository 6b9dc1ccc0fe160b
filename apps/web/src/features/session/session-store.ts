/**
 * Who is signed in: the session token and the user record. The login screen (a later issue) fills
 * it; the request layer reads the token for every call and clears both on a 999 answer.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { persistStorage, storageKey } from '../../lib/storage.ts';

/** The user as the API returns it (product-spec section 3); more fields arrive with the account issue. */
export interface SessionUser {
  id: number;
  uid?: string;
  email?: string;
  invite_code?: string;
  /** 1 for a demo account. */
  is_demo?: number;
}

export interface SessionState {
  token: string;
  user: SessionUser | null;
  signIn(token: string, user: SessionUser | null): void;
  setUser(user: SessionUser | null): void;
  signOut(): void;
}

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      token: '',
      user: null,
      signIn: (token, user) => set({ token, user }),
      setUser: (user) => set({ user }),
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
