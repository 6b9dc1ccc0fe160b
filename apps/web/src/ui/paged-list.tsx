/**
 * The body every paged list shares (orders, the ledger, deposit and withdrawal records): a skeleton
 * while the first page loads, the failure with a retry, the empty state, or the rows with the next
 * page fetched as the end comes near; wrapped in pull to refresh with the contract's 500 ms ending.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, DotLoading, InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { EmptyState } from './empty-state.tsx';

/** How long the pull-to-refresh indicator stays after the answer (docs/CONTRACT.md "Timings and sizes"). */
export const PULL_COMPLETE_DELAY_MS = 500;

/** The parts of an infinite query the list reads. */
export interface PagedQuery {
  isPending: boolean;
  isError: boolean;
  data: unknown;
  hasNextPage: boolean;
  refetch(): Promise<unknown>;
  fetchNextPage(options: { throwOnError: true }): Promise<unknown>;
}

export function PagedBody({
  query,
  rowCount,
  skeleton,
  empty,
  children,
}: {
  query: PagedQuery;
  rowCount: number;
  skeleton: ReactNode;
  /** Shown when the list has no rows. */
  empty: ReactNode;
  /** The rows (and anything above them). */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) return skeleton;
  if (query.isError && !query.data)
    return (
      <EmptyState
        title={t('common.loadFailed')}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  if (rowCount === 0) return empty;
  return (
    <>
      {children}
      <InfiniteScroll
        hasMore={query.hasNextPage}
        loadMore={async () => {
          await query.fetchNextPage({ throwOnError: true });
        }}
      >
        {(hasMore, failed, retry) =>
          failed ? (
            <button type="button" className="list-end list-end--retry" onClick={retry}>
              {t('common.loadFailed')} {t('common.retry')}
            </button>
          ) : hasMore ? (
            <span className="list-end">
              {t('common.loading')} <DotLoading />
            </span>
          ) : (
            <span className="list-end">{t('orders.allShown')}</span>
          )
        }
      </InfiniteScroll>
    </>
  );
}

export function RefreshableList({
  onRefresh,
  children,
}: {
  onRefresh(): Promise<unknown>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <PullToRefresh
      onRefresh={async () => {
        await onRefresh();
      }}
      completeDelay={PULL_COMPLETE_DELAY_MS}
      pullingText={t('orders.pullToRefresh')}
      canReleaseText={t('orders.releaseToRefresh')}
      refreshingText={t('common.loading')}
      completeText={t('orders.refreshed')}
    >
      <div className="order-list-body">{children}</div>
    </PullToRefresh>
  );
}
