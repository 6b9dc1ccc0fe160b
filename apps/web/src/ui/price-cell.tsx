import { useState } from 'react';
import { formatPrice, directionOf, type Direction } from '../lib/format.ts';
import { useDisplayLanguage } from './display-language.ts';
import { useCutOff } from '../lib/use-socket-events.ts';

interface PriceCellProps {
  value: number | null | undefined;
  precision: number;
  className?: string;
  testId?: string;
  /** Colour the text itself by the last move (the big price on /trade) instead of only flashing. */
  tint?: boolean;
}

interface FlashState {
  value: number | null | undefined;
  direction: Direction;
  count: number;
}

/**
 * A price that flashes the up or down colour when it changes. Two identical keyframe animations
 * alternate (`…-0`, `…-1`), so every change restarts the flash without touching the DOM by hand.
 * Width is fixed by the caller's column and tabular numerals, so ticks never shift the layout.
 * While the connection is down the price is dimmed in place (`data-stale`): it is no longer live.
 */
export function PriceCell({ value, precision, className = '', testId, tint = false }: PriceCellProps) {
  const lang = useDisplayLanguage();
  const stale = useCutOff();
  const [flash, setFlash] = useState<FlashState>({ value, direction: 'flat', count: 0 });
  // Adjusting state while rendering (not in an effect) avoids one frame without the flash.
  if (value !== flash.value) {
    const direction =
      typeof value === 'number' && typeof flash.value === 'number' ? directionOf(value, flash.value) : 'flat';
    setFlash({ value, direction, count: flash.count + 1 });
  }
  const flashClass = flash.direction === 'flat' ? '' : `flash-${flash.direction}-${flash.count % 2}`;
  const tintClass = tint && flash.direction !== 'flat' ? `text-${flash.direction}` : '';
  return (
    <span
      className={`num price-cell ${flashClass} ${tintClass} ${stale ? 'is-stale' : ''} ${className}`}
      data-testid={testId}
      data-value={value ?? ''}
      data-stale={stale ? '1' : '0'}
    >
      {formatPrice(value, precision, lang)}
    </span>
  );
}
