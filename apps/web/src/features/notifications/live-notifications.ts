/**
 * NOTIFICATION pushes (sent unasked to every signed-in socket of the user): the bell's count is set
 * from the push, and the centre's list is fetched again so the new one shows on top. After a
 * reconnect the count is fetched, since pushes sent meanwhile were lost.
 */
import { useEffect } from 'react';
import { NOTIFICATION_MESSAGE } from '@omp/protocol';
import { getSocket } from '../../lib/socket.ts';
import { queryClient } from '../../lib/query-client.ts';
import { useOnReconnect } from '../../lib/use-socket-events.ts';
import { useSession } from '../session/session-store.ts';
import { notificationKeys } from './notifications-api.ts';

export function useLiveNotifications(): void {
  const token = useSession((s) => s.token);
  useEffect(() => {
    if (!token) return;
    return getSocket().listen(NOTIFICATION_MESSAGE, (message) => {
      queryClient.setQueryData(notificationKeys.unread(token), { unread: message.unread });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.pages(token) });
      // A fired price alert changes the alert list too.
      if (message.notification.kind === 'price_alert')
        void queryClient.invalidateQueries({ queryKey: ['alerts'] });
    });
  }, [token]);
  useOnReconnect(() => {
    if (useSession.getState().token) void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  });
}
