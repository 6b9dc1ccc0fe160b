/**
 * The notification centre's calls (docs/CONTRACT.md "Price alerts and notifications") and their
 * queries, keyed by the session token like the trading ones. The unread count is also pushed on the
 * socket (NOTIFICATION), which writes it straight into the query's cache (live-notifications.ts).
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  NotificationKind,
  NotificationPage,
  NotificationSetting,
  NotificationSettings,
} from '@omp/protocol';
import { api } from '../../lib/api.ts';
import { queryClient } from '../../lib/query-client.ts';
import { useSession } from '../session/session-store.ts';
import { useListPages } from '../trading/trading-api.ts';

export const notificationKeys = {
  all: ['notifications'] as const,
  unread: (token: string) => ['notifications', 'unread', token] as const,
  pages: (token: string) => ['notifications', 'pages', token] as const,
  settings: (token: string) => ['notifications', 'settings', token] as const,
};

export function useUnreadCount() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: notificationKeys.unread(token),
    // Quiet: the bell is a hint, a toast for its hiccups would only alarm.
    queryFn: ({ signal }) =>
      api.get<{ unread: number }>('/v1/api/notifications/unread', { signal, showErrorMessage: false }),
    select: (data) => data.unread,
    enabled: token !== '',
    staleTime: 30_000,
  });
}

export function useNotificationPages() {
  const token = useSession((s) => s.token);
  return useListPages<NotificationPage>(notificationKeys.pages(token), '/v1/api/notifications', token !== '');
}

/** Writes a fresh unread count into the bell, and marks rows read in the loaded pages. */
function applyRead(token: string, unread: number, readId?: number) {
  queryClient.setQueryData(notificationKeys.unread(token), { unread });
  queryClient.setQueryData<{ pages: NotificationPage[]; pageParams: unknown[] }>(
    notificationKeys.pages(token),
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          unread,
          list: page.list.map((n) => (readId === undefined || n.id === readId ? { ...n, read: true } : n)),
        })),
      },
  );
}

/** Quietly: with no toast when it fails (for a read mark the user did not ask for on screen). */
export async function markRead(id: number, options: { quietly?: boolean } = {}): Promise<void> {
  const token = useSession.getState().token;
  const answer = await api.post<{ unread: number }>(
    '/v1/api/notifications/read',
    { id },
    options.quietly ? { showErrorMessage: false } : {},
  );
  applyRead(token, answer.unread, id);
}

export async function markAllRead(): Promise<void> {
  const token = useSession.getState().token;
  const answer = await api.post<{ unread: number }>('/v1/api/notifications/read_all', {}, { loading: true });
  applyRead(token, answer.unread);
}

export function useNotificationSettings() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: notificationKeys.settings(token),
    queryFn: ({ signal }) => api.get<NotificationSettings>('/v1/api/notifications/settings', { signal }),
    select: (data) => data.list,
    enabled: token !== '',
  });
}

export function useSaveNotificationSetting() {
  const token = useSession((s) => s.token);
  return useMutation({
    mutationFn: (change: { kind: NotificationKind; push?: boolean; email?: boolean }) =>
      api.post<NotificationSettings>('/v1/api/notifications/settings', { list: [change] }),
    // The switch moves at once; the server's answer (or the old value on failure) settles it.
    onMutate: (change) => {
      const key = notificationKeys.settings(token);
      const before = queryClient.getQueryData<NotificationSettings>(key);
      if (before)
        queryClient.setQueryData<NotificationSettings>(key, {
          list: before.list.map((s): NotificationSetting =>
            s.kind === change.kind ? { ...s, ...change } : s,
          ),
        });
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(notificationKeys.settings(token), context.before);
    },
    onSuccess: (answer) => queryClient.setQueryData(notificationKeys.settings(token), answer),
  });
}
