import { useEffect, useRef } from 'react';
import { getSocket } from './socket.ts';

/**
 * Calls `onReconnect` each time the live connection comes back after being lost. Pushes carry the
 * latest state only, so whatever completed meanwhile (a whole kline bar, for instance) has to be
 * fetched again by whoever shows it.
 */
export function useOnReconnect(onReconnect: () => void): void {
  const callback = useRef(onReconnect);
  useEffect(() => {
    callback.current = onReconnect;
  });
  useEffect(() => {
    const socket = getSocket();
    let previous = socket.getState();
    return socket.onStateChange(() => {
      const next = socket.getState();
      if (previous === 'reconnecting' && next === 'open') callback.current();
      previous = next;
    });
  }, []);
}

/**
 * A phone that wakes up or gets its network back should not sit out the rest of a backoff delay:
 * retry at once.
 */
export function useReconnectOnWake(): void {
  useEffect(() => {
    const retry = () => {
      if (document.visibilityState === 'visible') getSocket().reconnectNow();
    };
    document.addEventListener('visibilitychange', retry);
    window.addEventListener('online', retry);
    return () => {
      document.removeEventListener('visibilitychange', retry);
      window.removeEventListener('online', retry);
    };
  }, []);
}
