import { useRef } from 'react';
import { formatPrice, directionOf, type Direction } from '../lib/format.ts';
import { useDisplayLanguage } from './display-language.ts';
import { useCutOff } from '../lib/use-socket-events.ts';

/**
 * The flash's animation events, a start and an end for each price at each tick, concern no code
 * of the app; but React hears every event inside its root and, for each, walks the component
 * tree from the target up to the root twice (capture and bubble). With 54 rows of two prices
 * ticking, that was a fifth of the script each push cost. They are stopped at the document,
 * before they reach the root.
 */
const FLASH_EVENTS = ['animationstart', 'animationend', 'animationiteration', 'animationcancel'] as const;
function keepFlashEventsFromReact(): void {
  if (typeof document === 'undefined') return;
  const stop = (event: Event) => {
    if (event.target instanceof Element && event.target.classList.contains('price-cell'))
      event.stopPropagation();
  };
  for (const type of FLASH_EVENTS) document.addEventListener(type, stop, { capture: true });
}
keepFlashEventsFromReact();

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
  // The flash follows from the value this render shows and the one before it, so it is worked
  // out while rendering (an effect would leave one frame without it) and kept in a ref: state set
  // while rendering would render every ticking price twice. Keyed on the value, so rendering the
  // same value again (StrictMode, a parent's re-render) changes nothing.
  const last = useRef<FlashState>({ value, direction: 'flat', count: 0 });
  if (value !== last.current.value) {
    const previous = last.current;
    const direction =
      typeof value === 'number' && typeof previous.value === 'number'
        ? directionOf(value, previous.value)
        : 'flat';
    last.current = { value, direction, count: previous.count + 1 };
  }
  const flash = last.current;
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
