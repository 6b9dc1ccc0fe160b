/**
 * NOTIFICATION pushes (sent unasked to every signed-in socket of the user): the bell's count is set
 * from the push, and the centre's list is fetched again so the new one shows on top. Each time the
 * socket signs in (first, and after a reconnect) the count is fetched again, since pushes before
 * that moment were not heard.
 */
import { useEffect } from 'react';
import { NOTIFICATION_MESSAGE } from '@omp/protocol';
import { getSocket } from '../../lib/socket.ts';
import { queryClient } from '../../lib/query-client.ts';
import { useOnSocketSignIn } from '../../lib/use-socket-events.ts';
import { useSession } from '../session/session-store.ts';
import { markRead, notificationKeys } from './notifications-api.ts';

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
  useOnSocketSignIn(() => {
    if (useSession.getState().token) void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  });
}

/**
 * A notification the user opened from the phone's notification tray is read, as one tapped in the
 * centre: the service worker names it (NOTIFICATION_OPENED, src/service-worker/sw.ts) and the app
 * marks it read, so the bell's count drops. Listened for from the start (main.tsx), so a message to
 * a window the tap has just opened is not missed while the first screen loads.
 */
export function markOpenedNotificationsRead(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type?: unknown; id?: unknown } | null;
    if (data?.type !== 'NOTIFICATION_OPENED' || typeof data.id !== 'number') return;
    if (!useSession.getState().token) return;
    // Quietly: the tray's notification is gone either way, and the centre still shows it unread.
    markRead(data.id, { quietly: true }).catch(() => undefined);
  });
  // Messages the worker sent before this listener was added are delivered now, not dropped.
  navigator.serviceWorker.startMessages();
}
