/**
 * One send at a time for a form: `busy` while the call runs (the submit button shows its spinner
 * and ignores taps), `then` after it succeeds. A refusal has already been shown by the request
 * layer, and the form keeps what was typed so the user can correct it.
 *
 *   const { busy, send } = useSending();
 *   await send(() => withdraw(body), onDone);
 */
import { useCallback, useState } from 'react';

export function useSending() {
  const [busy, setBusy] = useState(false);
  const send = useCallback(async (call: () => Promise<unknown>, then?: () => void) => {
    setBusy(true);
    try {
      await call();
      then?.();
    } catch {
      // Shown by the request layer; nothing typed is lost.
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, send };
}
