import { useCallback, useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchUser } from '../auth/auth-api.ts';
import { useSession, type SessionUser } from '../session/session-store.ts';

/**
 * The signed-in user, refreshed from GET /api/user/info when a screen that shows it opens. The
 * stored copy shows at once; a dead session answers 999, which signs out and goes to /login.
 */
export function useUserInfo(): SessionUser | null {
  const token = useSession((s) => s.token);
  const setUser = useSession((s) => s.setUser);
  const query = useQuery({ ...userInfoQuery(token), enabled: token !== '' });
  useEffect(() => {
    if (query.data && useSession.getState().token === token) setUser(query.data);
  }, [query.data, setUser, token]);
  return useSession((s) => s.user);
}

const userInfoQuery = (token: string) => ({
  queryKey: ['user_info', token],
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchUser(signal),
  staleTime: 30_000,
});

/**
 * The signed-in user as the server has it, for a decision that depends on it (whether a
 * withdrawal needs the authenticator's code): answers the loaded record while it is fresh, and
 * otherwise waits for the load under way, or makes one, instead of deciding on the stored copy,
 * which predates what was turned on since. Falls back to the stored copy when the server does
 * not answer (the action then meets the server's own refusal).
 */
export function useUserInfoNow(): () => Promise<SessionUser | null> {
  const queryClient = useQueryClient();
  const token = useSession((s) => s.token);
  return useCallback(async () => {
    if (token === '') return null;
    try {
      return await queryClient.fetchQuery(userInfoQuery(token));
    } catch {
      return useSession.getState().user;
    }
  }, [queryClient, token]);
}
