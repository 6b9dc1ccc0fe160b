import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fetchUser } from '../auth/auth-api.ts';
import { useSession, type SessionUser } from '../session/session-store.ts';

/**
 * The signed-in user, refreshed from GET /api/user/info when a screen that shows it opens. The
 * stored copy shows at once; a dead session answers 999, which signs out and goes to /login.
 */
export function useUserInfo(): SessionUser | null {
  const token = useSession((s) => s.token);
  const setUser = useSession((s) => s.setUser);
  const query = useQuery({
    queryKey: ['user_info', token],
    queryFn: ({ signal }) => fetchUser(signal),
    enabled: token !== '',
    staleTime: 30_000,
  });
  useEffect(() => {
    if (query.data && useSession.getState().token === token) setUser(query.data);
  }, [query.data, setUser, token]);
  return useSession((s) => s.user);
}
