/**
 * `/order` (login required, kept alive): the account strip, then the orders by tab: holding
 * positions (status 1), pending orders (0) and history (3, closed and cancelled, newest first).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/page-header.tsx';
import { DealTab, type DealStatus } from '../trading/trading-api.ts';
import { AccountStrip } from './account-strip.tsx';
import { OrderList } from './order-list.tsx';
import { useTradingNotices } from '../notices/trading-notices.ts';

type TabName = keyof typeof DealTab;
const TABS: readonly TabName[] = ['holding', 'pending', 'history'];

export function OrdersPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<TabName>('holding');
  // A notice asked to open an order (a fill, a trailing stop's close): its tab comes first; the
  // list on it opens the order's detail once the order is listed.
  const toOpenTab = useTradingNotices((s) => s.orderToOpen?.tab);
  useEffect(() => {
    if (toOpenTab) setTab(toOpenTab);
  }, [toOpenTab]);
  const status: DealStatus = DealTab[tab];
  return (
    <div className="page orders-page" data-testid="orders-page">
      <PageHeader title={t('pages.orders')} />
      <AccountStrip />
      <div className="order-tabs" role="tablist" aria-label={t('pages.orders')}>
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`order-tab-${name}`}
            aria-selected={tab === name}
            aria-controls="order-tab-panel"
            className={`order-tabs__tab ${tab === name ? 'is-active' : ''}`}
            onClick={() => {
              setTab(name);
              window.scrollTo(0, 0);
            }}
            data-testid={`order-tab-${name}`}
          >
            {t(`orders.tab_${name}`)}
          </button>
        ))}
      </div>
      <div id="order-tab-panel" role="tabpanel" aria-labelledby={`order-tab-${tab}`}>
        {/* One list per tab, keyed: each keeps its own sheets; the query cache keeps its rows. */}
        <OrderList key={status} status={status} />
      </div>
    </div>
  );
}
