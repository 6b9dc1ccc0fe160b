import { useTranslation } from 'react-i18next';
import { useConnectionState } from '../lib/use-socket-events.ts';

/**
 * A small pill while the live connection is down. The browser's own word that the network is gone
 * shows at once; a lost connection being re-established appears after a second (CSS delay), so the
 * quick reconnect after a network switch does not blink at the user. Both say "Offline": prices are
 * not live and trades are refused until the connection is back.
 */
export function ConnectionIndicator() {
  const { t } = useTranslation();
  const state = useConnectionState();
  if (state !== 'reconnecting' && state !== 'offline') return null;
  return (
    <div
      className={`connection-indicator connection-indicator--${state}`}
      role="status"
      data-testid="connection-status"
      data-state={state}
    >
      <span className="connection-indicator__dot" aria-hidden />
      <span>{t('connection.offline')}</span>
      {state === 'reconnecting' && (
        <span className="connection-indicator__detail">{t('connection.reconnecting')}</span>
      )}
    </div>
  );
}
