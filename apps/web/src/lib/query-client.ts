/**
 * The TanStack Query client. The request layer already toasts failures, so queries retry once at
 * most (a retry storm would stack toasts) and do not refetch on window focus: live prices come
 * from the socket, and the shell refetches the instrument list on entering / and /trade.
 */
import { QueryClient } from '@tanstack/react-query';
import { ApiError, isAbortError } from './api.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failureCount, error) =>
        failureCount < 1 && !isAbortError(error) && !(error instanceof ApiError && error.code > 0),
      refetchOnWindowFocus: false,
      staleTime: 15_000,
    },
  },
});
