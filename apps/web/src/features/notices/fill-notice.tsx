/**
 * The notice after a fill: a small card at the top of the screen with the price asked for, the
 * price filled, the spread paid and the slippage (SPEC.md F2). It blocks nothing and leaves by
 * itself after a few seconds, so a trader placing orders in a row is never stopped; the ticket's
 * controls and the tab bar stay clear (they are lower down). A tap opens the order's detail.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { OrderRow } from '@omp/protocol';
import { formatLots } from '../../lib/format.ts';
import { NoticeFrame } from '../../ui/notice-banner.tsx';
import { FigureItems } from '../../ui/figure-items.tsx';
import { useSettings } from '../settings/settings-store.ts';
import { useFillItems } from '../orders/fill-details.tsx';
import { isBuy, kindKeyOf } from '../orders/order-texts.ts';
import { useTradingNotices } from './trading-notices.ts';

/** Long enough to read four figures, short enough not to linger over the header. */
export const FILL_NOTICE_MS = 6_000;

export function FillNotice() {
  const fill = useTradingNotices((s) => s.fill);
  const dismiss = useTradingNotices((s) => s.dismissFill);
  // Each fill restarts the clock: a second fill replaces the first and stays its full time.
  useEffect(() => {
    if (!fill) return;
    const timer = setTimeout(dismiss, FILL_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [fill, dismiss]);
  return fill ? <FillCard key={fill.Id} row={fill} onDismiss={dismiss} /> : null;
}

function FillCard({ row, onDismiss }: { row: OrderRow; onDismiss(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = useSettings((s) => s.lang);
  const openOrder = useTradingNotices((s) => s.openOrder);
  const items = useFillItems(row);
  const open = () => {
    onDismiss();
    openOrder(row.Id, 'holding');
    void navigate('/order');
  };
  return (
    <NoticeFrame
      placement="top"
      role="status"
      testId="fill-notice"
      dataId={row.Id}
      onDismiss={onDismiss}
      dismissTestId="fill-notice-dismiss"
    >
      <button
        type="button"
        className="trade-notice__open"
        onClick={open}
        aria-label={t('riskAndFills.openOrder', { symbol: row.ForexTradeLists.ShowCode })}
        data-testid="fill-notice-open"
      >
        <span className="trade-notice__title">
          <span>{t('riskAndFills.filledTitle')}</span>
          <span className="trade-notice__symbol">{row.ForexTradeLists.ShowCode}</span>
          <span className={`side-badge side-badge--${isBuy(row) ? 'buy' : 'sell'}`}>{t(kindKeyOf(row))}</span>
          <span className="tabular">{t('orders.lotsValue', { lots: formatLots(row.Quantity, lang) })}</span>
        </span>
        <dl className="fill-notice__figures">
          <FigureItems items={items} itemClassName="fill-notice__figure" />
        </dl>
      </button>
    </NoticeFrame>
  );
}
