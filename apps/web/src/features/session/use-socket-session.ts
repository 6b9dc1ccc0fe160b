import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Toast } from 'antd-mobile';
import { SESSION_ENDED_MESSAGE, SessionEndReason } from '@omp/protocol';
import { getSocket } from '../../lib/socket.ts';
import { loginPathFor } from '../../app/route-guard.ts';
import { endsCurrentSession } from './session-ended.ts';
import { useSession } from './session-store.ts';

/**
 * Keeps the socket's sign-in in step with the session: the per-user topics (holding orders,
 * closed orders) need it. The socket remembers the token and signs in again after a reconnect.
 *
 * When the server ends the session (a password change on another device, the account disabled,
 * staff ending it, expiry) the socket says so at once: the app signs out, shows the server's reason
 * and goes to the login page, as a 999 answer to a request does.
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

  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef(location);
  useEffect(() => {
    here.current = location;
  });
  useEffect(
    () =>
      getSocket().listen(SESSION_ENDED_MESSAGE, (message) => {
        const session = useSession.getState();
        if (!endsCurrentSession(message, session.token)) return;
        session.signOut();
        // A logout is this device's own doing (or another tab's, which shares the token): the page
        // that asked for it moves on by itself and needs no notice.
        if (message.reason === SessionEndReason.logout) return;
        if (typeof message.msg === 'string') Toast.show({ content: message.msg, position: 'center' });
        const { pathname, search } = here.current;
        if (pathname !== '/login') void navigate(loginPathFor(pathname, search), { replace: true });
      }),
    [navigate],
  );
}
