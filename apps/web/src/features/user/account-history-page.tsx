/**
 * `/mine/history`: the ledger, newest first (GET /v1/api/main/accountLog/forexChange): each change
 * of the balance with its reason in the user's language, the signed amount and the balance after
 * it, so every figure on the balance card can be traced. Paged as the end comes near.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, DotLoading, InfiniteScroll, PullToRefresh } from 'antd-mobile';
import type { LedgerRow } from '@omp/protocol';
import { PageHeader } from '../../ui/page-header.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { formatDateTime, formatUsd } from '../../lib/format.ts';
import { useSettings } from '../settings/settings-store.ts';
import { useAccountFigures, useLedger } from '../trading/trading-api.ts';
import { OrderSkeleton } from '../orders/order-skeleton.tsx';
import { PULL_COMPLETE_DELAY_MS } from '../orders/order-list.tsx';
import { toneOf } from '../orders/account-strip.tsx';

export function AccountHistoryPage() {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  const ledger = useLedger();
  const figures = useAccountFigures();
  const rows = useMemo(() => {
    // Pages shift when rows arrive meanwhile; each row once.
    const seen = new Set<number>();
    return (ledger.data?.pages ?? []).flatMap((page) =>
      page.list.filter((row) => (seen.has(row.Id) ? false : (seen.add(row.Id), true))),
    );
  }, [ledger.data]);

  let body;
  if (ledger.isPending) body = <OrderSkeleton label={t('common.loading')} />;
  else if (ledger.isError && !ledger.data)
    body = (
      <EmptyState
        title={t('common.loadFailed')}
        action={
          <Button size="small" onClick={() => void ledger.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  else if (rows.length === 0) body = <EmptyState title={t('history.empty')} />;
  else
    body = (
      <>
        <ul className="ledger" data-testid="ledger">
          {rows.map((row) => (
            <LedgerItem key={row.Id} row={row} />
          ))}
        </ul>
        <InfiniteScroll
          hasMore={ledger.hasNextPage}
          loadMore={async () => {
            await ledger.fetchNextPage({ throwOnError: true });
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

  return (
    <div className="page history-page" data-testid="history-page">
      <PageHeader title={t('pages.accountHistory')} back />
      <div className="history-balance">
        <span className="history-balance__label">{t('user.balanceLabel')}</span>
        <span className="history-balance__value num" data-testid="history-balance">
          {formatUsd(figures.data?.balance, lang)}
        </span>
      </div>
      <PullToRefresh
        onRefresh={async () => {
          await Promise.all([ledger.refetch(), figures.refetch()]);
        }}
        completeDelay={PULL_COMPLETE_DELAY_MS}
        pullingText={t('orders.pullToRefresh')}
        canReleaseText={t('orders.releaseToRefresh')}
        refreshingText={t('common.loading')}
        completeText={t('orders.refreshed')}
      >
        <div className="order-list-body">{body}</div>
      </PullToRefresh>
    </div>
  );
}

function LedgerItem({ row }: { row: LedgerRow }) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  const tone = toneOf(row.Value);
  return (
    <li className="ledger-row" data-testid="ledger-row" data-kind={row.Kind}>
      <div className="ledger-row__text">
        <p className="ledger-row__memo">{row.MemoTran}</p>
        <p className="ledger-row__time">
          <span className="num">
            {row.CreatedAt > 0 ? formatDateTime(row.CreatedAt, lang) : row.CreatedAtTran}
          </span>
        </p>
      </div>
      <div className="ledger-row__figures">
        <p className={`ledger-row__value ${tone ? `text-${tone}` : ''}`}>
          <span className="num" data-testid="ledger-value">
            {formatUsd(row.Value, lang, { signed: true })}
          </span>
        </p>
        <p className="ledger-row__after">
          {t('history.balanceAfter')} <span className="num">{formatUsd(row.BalanceAfter, lang)}</span>
        </p>
      </div>
    </li>
  );
}
