/**
 * `/mine/history`: the ledger, newest first (GET /v1/api/main/accountLog/forexChange): each change
 * of the balance with its reason in the user's language, the signed amount and the balance after
 * it, so every figure on the balance card can be traced. Paged as the end comes near.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { LedgerRow } from '@omp/protocol';
import { PageHeader } from '../../ui/page-header.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { formatDateTime, formatUsd } from '../../lib/format.ts';
import { useSettings } from '../settings/settings-store.ts';
import { useAccountFigures, useLedger } from '../trading/trading-api.ts';
import { OrderSkeleton } from '../orders/order-skeleton.tsx';
import { PagedBody, RefreshableList } from '../../ui/paged-list.tsx';
import { toneOf } from '../orders/account-strip.tsx';

export function AccountHistoryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
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

  return (
    <div className="page history-page" data-testid="history-page">
      <PageHeader
        title={t('pages.accountHistory')}
        back
        right={
          <button
            type="button"
            className="history-statement-link"
            onClick={() => void navigate('/mine/statement')}
            data-testid="open-statement"
          >
            {t('statement.entry')}
          </button>
        }
      />
      <div className="history-balance">
        <span className="history-balance__label">{t('user.balanceLabel')}</span>
        <span className="history-balance__value num" data-testid="history-balance">
          {formatUsd(figures.data?.balance, lang)}
        </span>
      </div>
      <RefreshableList onRefresh={() => Promise.all([ledger.refetch(), figures.refetch()])}>
        <PagedBody
          query={ledger}
          rowCount={rows.length}
          skeleton={<OrderSkeleton label={t('common.loading')} />}
          empty={<EmptyState title={t('history.empty')} />}
        >
          <ul className="ledger" data-testid="ledger">
            {rows.map((row) => (
              <LedgerItem key={row.Id} row={row} />
            ))}
          </ul>
        </PagedBody>
      </RefreshableList>
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
