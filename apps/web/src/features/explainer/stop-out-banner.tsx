import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatPercent, isolateLtr } from '../../lib/format.ts';
import { NoticeAction, NoticeBanner } from '../../ui/notice-banner.tsx';
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
    <NoticeBanner
      tone="warning"
      testId="stop-out-notice"
      onDismiss={dismiss}
      dismissTestId="stop-out-dismiss"
      title={t('explainer.bannerTitle')}
      body={t('explainer.bannerBody', {
        count: notice.closedCount,
        level: isolateLtr(formatPercent(notice.marginLevel, lang)),
      })}
      actions={
        <NoticeAction
          testId="stop-out-see-why"
          onClick={() => {
            dismiss();
            void navigate(`/stop-out?id=${notice.reportId}`);
          }}
        >
          {t('explainer.seeWhy')}
        </NoticeAction>
      }
    />
  );
}
