import { useEffect, useRef, useSyncExternalStore } from 'react';
import { getSocket, isCutOff, type ConnectionState } from './socket.ts';

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
      if (isCutOff(previous) && next === 'open') callback.current();
      previous = next;
    });
  }, []);
}

/**
 * Calls `onSignedIn` each time the socket's sign-in is accepted: on the first connection and after
 * every reconnect. Per-user pushes flow only from that moment, so whatever was fetched before it
 * (the first screen's lists, or anything during an outage) may have missed one: a trade placed on
 * another device between the fetch and the sign-in would never show. Whoever shows per-user data
 * fetches it again here, which also covers the reconnect.
 */
export function useOnSocketSignIn(onSignedIn: () => void): void {
  const callback = useRef(onSignedIn);
  useEffect(() => {
    callback.current = onSignedIn;
  });
  useEffect(
    () =>
      getSocket().listen('login_result', (message) => {
        if (message.code === 1) callback.current();
      }),
    [],
  );
}

/**
 * A phone that wakes up should not sit out the rest of a backoff delay: retry at once. The
 * browser's word on the network is taken at once too: `offline` cuts the connection off (prices
 * show as stale, trades are refused) without waiting for the heartbeat, `online` reconnects.
 */
export function useReconnectOnWake(): void {
  useEffect(() => {
    const socket = getSocket();
    const retry = () => {
      if (document.visibilityState === 'visible') socket.reconnectNow();
    };
    const lost = () => socket.networkLost();
    const back = () => socket.networkBack();
    if (navigator.onLine === false) lost();
    document.addEventListener('visibilitychange', retry);
    window.addEventListener('offline', lost);
    window.addEventListener('online', back);
    return () => {
      document.removeEventListener('visibilitychange', retry);
      window.removeEventListener('offline', lost);
      window.removeEventListener('online', back);
    };
  }, []);
}

/** The connection's state, re-rendering on each change. */
export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(subscribeToState, stateSnapshot, stateSnapshot);
}

/** Whether prices on screen may be stale and trades must not be sent (lost or offline). */
export function useCutOff(): boolean {
  return isCutOff(useConnectionState());
}

const subscribeToState = (listener: () => void) => getSocket().onStateChange(listener);
const stateSnapshot = () => getSocket().getState();
