/**
 * The TanStack Query client. The request layer already toasts failures, so queries retry once at
 * most (a retry storm would stack toasts) and do not refetch on window focus: live prices come
 * from the socket, and the shell refetches the instrument list on entering / and /trade. An
 * invalidation always asks the server anew (fresh-query-client.ts).
 */
import { onlineManager } from '@tanstack/react-query';
import { FreshQueryClient } from './fresh-query-client.ts';
import { ApiError, isAbortError } from './api.ts';

export const queryClient = new FreshQueryClient({
  defaultOptions: {
    queries: {
      retry: (failureCount, error) =>
        failureCount < 1 && !isAbortError(error) && !(error instanceof ApiError && error.code > 0),
      refetchOnWindowFocus: false,
      staleTime: 15_000,
    },
  },
});

// TanStack Query takes itself for online until the browser's first `offline` event. An app that
// opens with no network (the installed app, from the service worker's cache) would send every
// query to fail, toasting each, and none would be asked again when the network returns: start
// from the browser's word instead, so queries wait and run once it is back.
if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
