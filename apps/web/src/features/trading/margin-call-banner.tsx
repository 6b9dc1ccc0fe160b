import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatPercent, isolateLtr } from '../../lib/format.ts';
import { NoticeAction, NoticeBanner } from '../../ui/notice-banner.tsx';
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
    <NoticeBanner
      tone="warning"
      testId="margin-call"
      onDismiss={dismiss}
      dismissTestId="margin-call-dismiss"
      title={
        <>
          {t('trading.marginCallTitle')}{' '}
          <span className="num" data-testid="margin-call-level">
            {formatPercent(warning.marginLevel, lang)}
          </span>
        </>
      }
      // Our own sentence rather than the server's: it formats the levels like every other figure.
      body={t('trading.marginCallBody', { stopOut: isolateLtr(formatPercent(warning.stopOutLevel, lang)) })}
      actions={
        <>
          <NoticeAction
            onClick={() => {
              dismiss();
              void navigate('/order');
            }}
          >
            {t('trading.viewPositions')}
          </NoticeAction>
          {warning.reportId !== undefined && (
            <NoticeAction
              secondary
              testId="margin-call-see-why"
              onClick={() => {
                dismiss();
                void navigate(`/stop-out?id=${warning.reportId}`);
              }}
            >
              {t('explainer.seeWhy')}
            </NoticeAction>
          )}
        </>
      }
    />
  );
}
