import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CloseOutline, ExclamationTriangleOutline } from 'antd-mobile-icons';
import { formatPercent, isolateLtr } from '../../lib/format.ts';
import { useSettings } from '../settings/settings-store.ts';
import { useLiveTrading } from '../trading/live-trading-store.ts';

/**
 * The stop-out notice (STOP_OUT push): positions were closed, how many and at what margin level,
 * with the way to its explanation. In the margin-call banner's place, which it replaces: once
 * positions are closed, what happened matters more than the warning that came before.
 */
export function StopOutBanner() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = useSettings((s) => s.lang);
  const notice = useLiveTrading((s) => s.stopOut);
  const dismiss = useLiveTrading((s) => s.dismissStopOut);
  if (!notice) return null;
  return (
    <div className="margin-call" role="alert" data-testid="stop-out-notice">
      <ExclamationTriangleOutline className="margin-call__icon" aria-hidden />
      <div className="margin-call__text">
        <p className="margin-call__title">{t('explainer.bannerTitle')}</p>
        <p className="margin-call__body">
          {t('explainer.bannerBody', {
            count: notice.closedCount,
            level: isolateLtr(formatPercent(notice.marginLevel, lang)),
          })}
        </p>
        <button
          type="button"
          className="margin-call__action"
          data-testid="stop-out-see-why"
          onClick={() => {
            dismiss();
            void navigate(`/stop-out?id=${notice.reportId}`);
          }}
        >
          {t('explainer.seeWhy')}
        </button>
      </div>
      <button
        type="button"
        className="margin-call__close"
        onClick={dismiss}
        aria-label={t('common.close')}
        data-testid="stop-out-dismiss"
      >
        <CloseOutline />
      </button>
    </div>
  );
}
