import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A refusal (wrong role, missing record) will not change by asking again; the network may.
      retry: (failures, error) => !(error instanceof ApiError && error.code !== -1) && failures < 2,
      refetchOnWindowFocus: true,
      staleTime: 2000,
    },
  },
});
