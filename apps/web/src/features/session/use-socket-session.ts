import { useEffect, useRef } from 'react';
import { getSocket } from '../../lib/socket.ts';
import { useSession } from './session-store.ts';

/**
 * Keeps the socket's sign-in in step with the session: the per-user topics (holding orders,
 * closed orders) need it. The socket remembers the token and signs in again after a reconnect.
 */
export function useSocketSession(): void {
  const token = useSession((s) => s.token);
  const previous = useRef('');
  useEffect(() => {
    const socket = getSocket();
    if (token) socket.login(token);
    else if (previous.current) socket.logout();
    previous.current = token;
  }, [token]);
}
