/**
 * The 60-second wait of a "Send code" button (docs/CONTRACT.md "Verification codes"). It starts
 * only once the server says the code was sent, and it is remembered per recipient for the life of
 * the page, so leaving the screen and coming back does not offer a send the server would refuse.
 *
 *   const { left, start } = useCountdown(`register:${email}`);
 *   await sendCode(...); start();
 */
import { useCallback, useEffect, useState } from 'react';

export const CODE_COUNTDOWN_SECONDS = 60;

/** Whole seconds left until `endsAt`, never negative; 59.2 s left shows as 60. */
export function secondsLeft(endsAt: number | undefined, now: number): number {
  if (endsAt === undefined) return 0;
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}

/** When each scope's wait ends. A class so tests can use their own clock and instance. */
export class CountdownRegistry {
  private readonly ends = new Map<string, number>();

  start(scope: string, now: number, seconds = CODE_COUNTDOWN_SECONDS): void {
    this.ends.set(scope, now + seconds * 1000);
  }

  left(scope: string, now: number): number {
    const left = secondsLeft(this.ends.get(scope), now);
    if (left === 0) this.ends.delete(scope);
    return left;
  }
}

const shared = new CountdownRegistry();

export function useCountdown(scope: string): { left: number; start: () => void } {
  const [left, setLeft] = useState(() => shared.left(scope, Date.now()));
  // Bumped by start(): re-runs the effect, which ticks only while a wait is running.
  const [runs, setRuns] = useState(0);

  useEffect(() => {
    const tick = () => {
      const now = shared.left(scope, Date.now());
      setLeft(now);
      return now;
    };
    if (tick() === 0) return;
    // Four ticks a second keep the figure within a quarter second of the truth.
    const timer = setInterval(() => {
      if (tick() === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [scope, runs]);

  const start = useCallback(() => {
    shared.start(scope, Date.now());
    setRuns((n) => n + 1);
  }, [scope]);

  return { left, start };
}
