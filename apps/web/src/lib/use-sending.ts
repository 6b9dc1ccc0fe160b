/**
 * One send at a time for a form: `busy` while the call runs (the submit button shows its spinner),
 * a second submit meanwhile is ignored (Enter pressed twice), and `then` runs with the result
 * after success. A refusal has already been shown by the request layer, and the form keeps what
 * was typed so the user can correct it.
 *
 *   const { busy, send } = useSending();
 *   await send(() => withdraw(body), onDone);
 */
import { useCallback, useRef, useState } from 'react';

/** The rule itself, without React: `gate.running` is true while a call runs. */
export async function sendOnce<T>(
  gate: { running: boolean },
  setBusy: (busy: boolean) => void,
  call: () => Promise<T>,
  then?: (result: T) => void,
): Promise<void> {
  if (gate.running) return;
  gate.running = true;
  setBusy(true);
  try {
    // Awaited apart: `then?.(await call())` would skip the call itself when there is no `then`.
    const result = await call();
    then?.(result);
  } catch {
    // Shown by the request layer; nothing typed is lost.
  } finally {
    gate.running = false;
    setBusy(false);
  }
}

export function useSending() {
  const [busy, setBusy] = useState(false);
  const gate = useRef({ running: false });
  const send = useCallback(
    <T>(call: () => Promise<T>, then?: (result: T) => void) => sendOnce(gate.current, setBusy, call, then),
    [],
  );
  return { busy, send };
}
