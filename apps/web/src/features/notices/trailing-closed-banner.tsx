/**
 * The notice of a position a trailing stop closed (TRAILING_STOP_CLOSED push): which, at what
 * price and with what P/L. The stop moved on its own, perhaps long after it was set, so the close
 * is said in words as the stop-out is, in the same place above the tab bar, until dismissed or
 * opened; it waits while a margin call or a stop-out is shown there.
 */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatPrice, formatUsd, isolateLtr } from '../../lib/format.ts';
import { NoticeAction, NoticeBanner } from '../../ui/notice-banner.tsx';
import { useSettings } from '../settings/settings-store.ts';
import { useTradeList } from '../quotes/market-queries.ts';
import { toneOf } from '../orders/account-strip.tsx';
import { useLiveTrading } from '../trading/live-trading-store.ts';
import { useTradingNotices } from './trading-notices.ts';

export function TrailingClosedBanner() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = useSettings((s) => s.lang);
  const notice = useTradingNotices((s) => s.trailingClosed);
  const dismiss = useTradingNotices((s) => s.dismissTrailingClosed);
  const openOrder = useTradingNotices((s) => s.openOrder);
  const busy = useLiveTrading((s) => s.marginCall !== null || s.stopOut !== null);
  const instrument = useTradeList().data?.find((candidate) => candidate.Id === notice?.forexId);
  if (!notice || busy) return null;
  const tone = toneOf(notice.profit);
  return (
    <NoticeBanner
      tone="info"
      testId="trailing-closed-notice"
      onDismiss={dismiss}
      dismissTestId="trailing-closed-dismiss"
      title={t('trailing.closedTitle')}
      body={
        instrument
          ? t('trailing.closedBody', {
              symbol: instrument.ShowCode,
              price: isolateLtr(formatPrice(notice.closePrice, instrument.PricePrecision, lang)),
            })
          : notice.message
      }
      bodyTestId="trailing-closed-body"
      actions={
        <NoticeAction
          testId="trailing-closed-view"
          onClick={() => {
            dismiss();
            openOrder(notice.id, 'history');
            void navigate('/order');
          }}
        >
          {t('trailing.viewOrder')}
        </NoticeAction>
      }
    >
      <p className="notice-banner__body">
        {t('orders.realizedProfit')}{' '}
        <span className={`num ${tone ? `text-${tone}` : ''}`} data-testid="trailing-closed-profit">
          {formatUsd(notice.profit, lang, { signed: true })}
        </span>
      </p>
    </NoticeBanner>
  );
}
