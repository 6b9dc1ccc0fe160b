import { useTranslation } from 'react-i18next';
import ClockCircleOutline from 'antd-mobile-icons/es/ClockCircleOutline';
import { useSettings } from '../settings/settings-store.ts';
import { useConnectionState } from '../../lib/use-socket-events.ts';
import { formatSavedAt } from './last-prices.ts';

/**
 * Over the quote list while there is no connection: the prices below are the last ones seen live,
 * and when that was. It goes by itself once the connection is back and prices move again.
 */
export function OfflinePricesNote({ savedAt }: { savedAt: number }) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  // A connection being re-established shows after a second, as the connection pill does, so the
  // quick reconnect after a network switch does not blink.
  const reconnecting = useConnectionState() === 'reconnecting';
  return (
    <div
      className={`offline-prices${reconnecting ? ' offline-prices--reconnecting' : ''}`}
      role="status"
      data-testid="offline-prices"
      data-saved-at={savedAt}
    >
      <ClockCircleOutline aria-hidden className="offline-prices__icon" />
      <span>{t('offline.pricesAsOf', { time: formatSavedAt(savedAt, lang) })}</span>
    </div>
  );
}
