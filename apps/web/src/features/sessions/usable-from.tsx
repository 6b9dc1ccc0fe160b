/**
 * A payout method bound less than the broker's cooling time ago cannot receive a withdrawal yet
 * (docs/decisions/0018-sessions-devices-and-payout-cooling.md): these say so, with the moment it
 * can, in the phone's own time zone.
 */
import { useTranslation } from 'react-i18next';
import { ClockCircleOutline } from 'antd-mobile-icons';
import type { DrawMethod } from '@omp/protocol';
import { formatDateTime } from '../../lib/format.ts';
import { useSettings } from '../settings/settings-store.ts';
import './sessions.css';

/** Whether a withdrawal may go to the method now (the server decides again when it is sent). */
export function isUsableNow(method: Pick<DrawMethod, 'usable_from'>, nowMs = Date.now()): boolean {
  return method.usable_from === null || method.usable_from * 1000 <= nowMs;
}

export function UsableFromHint({ method }: { method: Pick<DrawMethod, 'usable_from'> }) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  if (method.usable_from === null || isUsableNow(method)) return null;
  return (
    <p className="usable-from" data-testid="usable-from">
      <ClockCircleOutline aria-hidden />
      <span>{t('securityNotices.usableFrom', { time: formatDateTime(method.usable_from, lang) })}</span>
    </p>
  );
}
