import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CloseOutline, ExclamationTriangleOutline } from 'antd-mobile-icons';
import { formatPercent, isolateLtr } from '../../lib/format.ts';
import { useSettings } from '../settings/settings-store.ts';
import { useLiveTrading } from './live-trading-store.ts';

/**
 * The margin-call warning: pinned over every screen until dismissed or until the margin level is
 * back above the margin-call level. It says how close the stop-out is and leads to the positions,
 * because the only remedies (closing positions, adding funds) start there.
 */
export function MarginCallBanner() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = useSettings((s) => s.lang);
  const warning = useLiveTrading((s) => s.marginCall);
  const dismiss = useLiveTrading((s) => s.dismissMarginCall);
  if (!warning) return null;
  return (
    <div className="margin-call" role="alert" data-testid="margin-call">
      <ExclamationTriangleOutline className="margin-call__icon" aria-hidden />
      <div className="margin-call__text">
        <p className="margin-call__title">
          {t('trading.marginCallTitle')}{' '}
          <span className="num" data-testid="margin-call-level">
            {formatPercent(warning.marginLevel, lang)}
          </span>
        </p>
        {/* Our own sentence rather than the server's: it formats the levels like every other figure. */}
        <p className="margin-call__body">
          {t('trading.marginCallBody', { stopOut: isolateLtr(formatPercent(warning.stopOutLevel, lang)) })}
        </p>
        <div className="margin-call__actions">
          <button
            type="button"
            className="margin-call__action"
            onClick={() => {
              dismiss();
              void navigate('/order');
            }}
          >
            {t('trading.viewPositions')}
          </button>
          {warning.reportId !== undefined && (
            <button
              type="button"
              className="margin-call__link"
              data-testid="margin-call-see-why"
              onClick={() => {
                dismiss();
                void navigate(`/stop-out?id=${warning.reportId}`);
              }}
            >
              {t('explainer.seeWhy')}
            </button>
          )}
        </div>
      </div>
      <button
        type="button"
        className="margin-call__close"
        onClick={dismiss}
        aria-label={t('common.close')}
        data-testid="margin-call-dismiss"
      >
        <CloseOutline />
      </button>
    </div>
  );
}
