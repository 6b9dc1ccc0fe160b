import { QueryClient, type InvalidateOptions, type InvalidateQueryFilters } from '@tanstack/react-query';
import { ApiError } from './api.ts';

/**
 * TanStack Query lets an invalidation reuse a first load under way, whose answer was read before
 * the change that invalidated it; staff acting on a drawer still loading would see the record as
 * it was. Cancelling first makes the refetch ask anew (as the phone app's fresh-query-client.ts).
 */
class FreshQueryClient extends QueryClient {
  override invalidateQueries(filters?: InvalidateQueryFilters, options?: InvalidateOptions): Promise<void> {
    void this.cancelQueries(filters, { silent: true }); // synchronous; the refetch starts at once
    return super.invalidateQueries(filters, options);
  }
}

export const queryClient = new FreshQueryClient({
  defaultOptions: {
    queries: {
      // A refusal (wrong role, missing record) will not change by asking again; the network may.
      retry: (failures, error) => !(error instanceof ApiError && error.code !== -1) && failures < 2,
      refetchOnWindowFocus: true,
      staleTime: 2000,
    },
  },
});
