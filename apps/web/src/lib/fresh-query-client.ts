/**
 * A query client whose invalidation always ends in an answer read after it.
 *
 * TanStack Query refetches an invalidated query by cancelling the fetch under way only when the
 * query already holds data; a query still on its first load keeps that load and hands its answer
 * to the invalidation. A change made while a screen was still loading (the leaderboard switch
 * tapped before the user's record arrived) was then followed by the record read before it, and
 * the screen showed the old value as current. Cancelling first makes every invalidation, after a
 * change of ours or a socket event, ask the server anew; whoever waited on the cancelled load
 * (useUserInfoNow's fetchQuery) gets the new one's answer.
 */
import { QueryClient, type InvalidateOptions, type InvalidateQueryFilters } from '@tanstack/react-query';

export class FreshQueryClient extends QueryClient {
  override invalidateQueries(filters?: InvalidateQueryFilters, options?: InvalidateOptions): Promise<void> {
    // Not awaited: the cancel is synchronous, and the refetch must start in this same turn, before
    // the cancelled load's waiters settle, so that they are handed the new load instead of an error.
    void this.cancelQueries(filters, { silent: true });
    return super.invalidateQueries(filters, options);
  }
}
