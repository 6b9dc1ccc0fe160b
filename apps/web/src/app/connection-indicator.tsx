import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { getSocket } from '../lib/socket.ts';

const subscribe = (listener: () => void) => getSocket().onStateChange(listener);
const snapshot = () => getSocket().getState();

/**
 * A small pill while the live connection is being re-established. It appears after a second (CSS
 * delay), so the quick reconnect after a network switch does not blink at the user.
 */
export function ConnectionIndicator() {
  const { t } = useTranslation();
  const state = useSyncExternalStore(subscribe, snapshot, snapshot);
  if (state !== 'reconnecting') return null;
  return (
    <div className="connection-indicator" role="status" data-testid="reconnecting">
      <span className="connection-indicator__dot" aria-hidden />
      {t('connection.reconnecting')}
    </div>
  );
}
