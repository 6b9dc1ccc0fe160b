/**
 * One tab of /order: the orders of one status, pulled to refresh (the indicator ends 500 ms after
 * the answer, docs/CONTRACT.md "Timings and sizes"), paged as the end comes near, live from the
 * trade pushes, with the detail and stop-editing sheets of its own rows.
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from 'antd-mobile';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PagedBody, RefreshableList } from '../../ui/paged-list.tsx';
import { formatUsd } from '../../lib/format.ts';
import { usePageActive } from '../../app/page-activity.ts';
import { useSettings } from '../settings/settings-store.ts';
import { useLiveTrading } from '../trading/live-trading-store.ts';
import { mergeOrderPages } from '../trading/order-merge.ts';
import {
  DealTab,
  refreshTrading,
  useAccountFigures,
  useDeals,
  type DealStatus,
} from '../trading/trading-api.ts';
import { OrderCard } from './order-card.tsx';
import { OrderDetailPopup } from './order-detail-popup.tsx';
import { StopsEditorPopup } from './stops-editor-popup.tsx';
import { OrderSkeleton } from './order-skeleton.tsx';
import { toneOf } from './account-strip.tsx';
import { ClosePartPopup } from '../closing/close-part-popup.tsx';
import { useOrderToOpen } from '../notices/use-order-to-open.ts';
import { CloseManyMenu } from '../closing/close-many-menu.tsx';

const EMPTY_KEYS: Record<DealStatus, string> = {
  [DealTab.holding]: 'orders.emptyHolding',
  [DealTab.pending]: 'orders.emptyPending',
  [DealTab.history]: 'orders.emptyHistory',
};

export function OrderList({ status }: { status: DealStatus }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const active = usePageActive();
  const deals = useDeals(status);
  const figures = useAccountFigures();
  const live = useLiveTrading((s) => s.live);
  const closed = useLiveTrading((s) => s.closed);
  const [openId, setOpenId] = useState<number | null>(null);
  const [editId, setEditId] = useState<number | null>(null);
  const [partId, setPartId] = useState<number | null>(null);

  const rows = useMemo(
    () => mergeOrderPages(deals.data?.pages ?? [], live, closed),
    [deals.data, live, closed],
  );
  const opened = rows.find((row) => row.Id === openId);
  const editing = rows.find((row) => row.Id === editId);
  const splitting = rows.find((row) => row.Id === partId);
  useOrderToOpen(status, rows, active, setOpenId);

  // An order that closed (a push, a stop, another device) takes its sheets with it; so does
  // leaving the page, since the sheets render outside it.
  useEffect(() => {
    if (openId !== null && (!opened || !active)) setOpenId(null);
    if (editId !== null && (!editing || !active)) setEditId(null);
    if (partId !== null && (!splitting || !active)) setPartId(null);
  }, [openId, opened, editId, editing, partId, splitting, active]);

  const refresh = async () => {
    await Promise.all([deals.refetch(), figures.refetch(), refreshTrading()]);
  };

  return (
    <>
      {/* Outside the list: its summary sheet outlives the rows it closed (the list turns empty). */}
      {status === DealTab.holding && <CloseManyMenu rows={rows} />}
      <RefreshableList onRefresh={refresh}>
        <PagedBody
          query={deals}
          rowCount={rows.length}
          skeleton={<OrderSkeleton label={t('common.loading')} />}
          empty={
            <EmptyState
              title={t(EMPTY_KEYS[status])}
              testId={`empty-${status}`}
              action={
                status !== DealTab.history && (
                  <Button size="small" color="primary" fill="outline" onClick={() => void navigate('/trade')}>
                    {t('orders.goTrade')}
                  </Button>
                )
              }
            />
          }
        >
          <ListSummary
            status={status}
            total={deals.data?.pages[0]?.total ?? rows.length}
            realizedTotal={deals.data?.pages[0]?.all_fact_profits}
          />

          <div className="order-list" data-testid={`order-list-${status}`}>
            {rows.map((row) => (
              <OrderCard key={row.Id} row={row} onOpen={(picked) => setOpenId(picked.Id)} />
            ))}
          </div>
        </PagedBody>
      </RefreshableList>
      <OrderDetailPopup
        row={opened}
        visible={opened !== undefined && active}
        onClose={() => setOpenId(null)}
        onEditStops={(row) => setEditId(row.Id)}
        onClosePart={(row) => setPartId(row.Id)}
      />
      <ClosePartPopup
        row={splitting}
        visible={splitting !== undefined && active}
        onClose={() => setPartId(null)}
      />
      <StopsEditorPopup
        row={editing}
        visible={editing !== undefined && active}
        onClose={() => setEditId(null)}
      />
    </>
  );
}

/** One line above the rows: how many, and their P/L (live for positions, realized for history). */
function ListSummary({
  status,
  total,
  realizedTotal,
}: {
  status: DealStatus;
  total: number;
  realizedTotal: number | undefined;
}) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  const floating = useAccountFigures().data?.floating_profit;
  const profit =
    status === DealTab.holding ? floating : status === DealTab.history ? realizedTotal : undefined;
  const tone = toneOf(profit);
  return (
    <div className="list-summary" data-testid="list-summary">
      <span>{t('orders.count', { total })}</span>
      {profit !== undefined && (
        <span>
          {t(status === DealTab.holding ? 'orders.floatingProfit' : 'orders.realizedTotal')}{' '}
          <span className={`num ${tone ? `text-${tone}` : ''}`} data-testid="list-profit">
            {formatUsd(profit, lang, { signed: true })}
          </span>
        </span>
      )}
    </div>
  );
}
