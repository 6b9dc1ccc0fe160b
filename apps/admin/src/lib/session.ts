/**
 * The signed-in staff member of this tab: their token (kept in sessionStorage, so closing the
 * browser ends it here as the server's idle limit ends it there) and their account.
 */
import { useSyncExternalStore } from 'react';
import { holdsAnyRole, type StaffRole, type WireStaff } from '@omp/protocol';

const TOKEN_KEY = 'omp-admin-token';

interface SessionState {
  token: string | undefined;
  staff: WireStaff | undefined;
}

let state: SessionState = { token: sessionStorage.getItem(TOKEN_KEY) ?? undefined, staff: undefined };
const listeners = new Set<() => void>();

function set(next: SessionState) {
  state = next;
  if (next.token) sessionStorage.setItem(TOKEN_KEY, next.token);
  else sessionStorage.removeItem(TOKEN_KEY);
  for (const listener of listeners) listener();
}

export const session = {
  get: () => state,
  token: () => state.token,
  signIn: (token: string, staff: WireStaff) => set({ token, staff }),
  known: (staff: WireStaff) => set({ ...state, staff }),
  signOut: () => set({ token: undefined, staff: undefined }),
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const useSession = () => useSyncExternalStore(session.subscribe, session.get);

/** Whether the member's roles allow one of `roles` (admin allows everything), as the server decides. */
export function allows(staff: Pick<WireStaff, 'roles'> | undefined, roles: readonly StaffRole[]): boolean {
  if (!staff) return false;
  return roles.length === 0 || holdsAnyRole(staff.roles, roles);
}
