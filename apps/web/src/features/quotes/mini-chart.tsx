import { useMemo, useRef } from 'react';
import { useMiniKline } from './market-queries.ts';
import { dayWindow, sparklinePoints } from './sparkline.ts';
import { useSeenOnce } from '../../ui/use-in-view.ts';

const WIDTH = 52;
const HEIGHT = 28;

/**
 * A row's price since the day open at 00:00 UTC as a line, coloured by its direction: the same
 * window as the change percent beside it, so line and percent always agree. The live bid replaces
 * the last close, so the line moves with the price next to it.
 */
export function MiniChart({ forexId, lastPrice }: { forexId: number; lastPrice: number }) {
  const ref = useRef<HTMLSpanElement>(null);
  const seen = useSeenOnce(ref);
  const { data } = useMiniKline(forexId, seen);

  const { points, direction } = useMemo(() => {
    const closes = dayWindow(data ?? []);
    if (closes.length < 2) return { points: '', direction: 'flat' };
    if (Number.isFinite(lastPrice) && lastPrice > 0) closes[closes.length - 1] = lastPrice;
    const first = closes[0] ?? 0;
    const last = closes[closes.length - 1] ?? 0;
    return {
      points: sparklinePoints(closes, WIDTH, HEIGHT),
      direction: last > first ? 'up' : last < first ? 'down' : 'flat',
    };
  }, [data, lastPrice]);

  return (
    <span ref={ref} className="mini-chart" aria-hidden>
      {points && (
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width={WIDTH} height={HEIGHT} preserveAspectRatio="none">
          <polyline className={`mini-chart__line mini-chart__line--${direction}`} points={points} />
        </svg>
      )}
    </span>
  );
}
