import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SESSION_ENDED_MESSAGE, SessionEndReason } from '@omp/protocol';
import { getSocket } from '../../lib/socket.ts';
import { loginPathFor } from '../../app/route-guard.ts';
import { endsCurrentSession } from './session-ended.ts';
import { useSession } from './session-store.ts';
import { loadDialog } from '../../ui/overlays.ts';

/**
 * Keeps the socket's sign-in in step with the session: the per-user topics (holding orders,
 * closed orders) need it. The socket remembers the token and signs in again after a reconnect.
 *
 * When the server ends the session (a password change on another device, the account disabled,
 * staff ending it, expiry) the socket says so at once: the app signs out, goes to the login page and
 * shows the server's reason in a dialog the user closes. In the user's own demo account it goes
 * back to the real session instead, with the same dialog.
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

  const { t } = useTranslation();
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
        // The own demo account's session ended: the real session kept on this phone takes over
        // (if it has ended too, its next call signs out); otherwise the app signs out.
        const backToReal = session.realSession !== null;
        if (backToReal) session.backToReal();
        else session.signOut();
        // A logout is this device's own doing (or another tab's, which shares the token): the page
        // that asked for it moves on by itself and needs no notice.
        if (message.reason === SessionEndReason.logout) return;
        const { pathname, search } = here.current;
        if (!backToReal && pathname !== '/login')
          void navigate(loginPathFor(pathname, search), { replace: true });
        // A dialog, not a toast: being signed out by someone else must not pass unnoticed.
        void loadDialog().then((Dialog) =>
          Dialog.alert({ content: message.msg, confirmText: t('common.ok') }),
        );
      }),
    [navigate, t],
  );
}
