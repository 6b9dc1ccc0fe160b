/**
 * Price alerts (SPEC.md "Price alerts", AL1–AL6): a user asks to be told when an instrument's bid
 * reaches a level. The book keeps, per instrument, the same price-sorted heaps as the triggers
 * (trigger-book.ts), so a tick pops only the alerts it crossed and a quiet tick looks at two heap
 * tops. Every alert watches the bid: the price quotes, charts and the trade screen show first.
 *
 *   const book = new AlertBook();
 *   book.add({ id: 7, instrumentId: 1, abovePoints: 108_600, belowPoints: 0 });
 *   book.takeCrossed(1, 108_600); // → [7], and never again
 *
 * The book decides nothing about storage: the server marks a popped alert fired in its database
 * before telling anybody, so "fires once" holds across restarts too.
 */
import { divRound } from './money.ts';
import { TriggerBook } from './trigger-book.ts';

export type AlertCondition = 'above' | 'below' | 'move';

/** The conditions in the order the wire and the screens list them. */
export const ALERT_CONDITIONS: readonly AlertCondition[] = ['above', 'below', 'move'];

/** An alert as the book holds it: one or two levels of one instrument's bid, in points. */
export interface AlertLevels {
  id: number;
  instrumentId: number;
  /** [AL1] Fires when the bid is at or above it; 0 for none. */
  abovePoints: number;
  /** [AL1] Fires when the bid is at or below it; 0 for none. */
  belowPoints: number;
}

/** Hundredths of a percent a move alert may ask for: 0.01 % to 50 %. */
export const ALERT_MOVE_BASIS_POINTS = { min: 1, max: 5000 } as const;

/** Why an alert cannot be set, in precedence order (AL2). */
export const ALERT_REJECTIONS = [
  'alert_level_not_positive',
  'alert_move_out_of_range',
  'alert_above_not_above_price',
  'alert_below_not_below_price',
] as const;
export type AlertRejection = (typeof ALERT_REJECTIONS)[number];

export type AlertRequest =
  { condition: 'above' | 'below'; levelPoints: number } | { condition: 'move'; moveBasisPoints: number };

/**
 * [AL2][AL3] The levels of a new alert at the current bid, or the first rule it breaks. An above
 * alert must lie above the bid and a below alert below it: one already reached would fire on the
 * next tick, which is not what anyone asks an alert for. A move of p hundredths of a percent is
 * stored as its two levels, bid ± round(bid × p / 10,000) (at least one point away), so a restart
 * or a later price changes nothing about where it fires.
 */
export function decideAlertLevels(
  request: AlertRequest,
  bidPoints: number,
): { ok: true; abovePoints: number; belowPoints: number } | { ok: false; rejection: AlertRejection } {
  if (request.condition === 'move') {
    const { min, max } = ALERT_MOVE_BASIS_POINTS;
    if (
      !Number.isInteger(request.moveBasisPoints) ||
      request.moveBasisPoints < min ||
      request.moveBasisPoints > max
    )
      return { ok: false, rejection: 'alert_move_out_of_range' };
    const distance = Math.max(
      1,
      Number(divRound(BigInt(bidPoints) * BigInt(request.moveBasisPoints), 10_000n)),
    );
    // A move down to 0 or below cannot be quoted: only the rise is watched then.
    const below = bidPoints - distance;
    return { ok: true, abovePoints: bidPoints + distance, belowPoints: below > 0 ? below : 0 };
  }
  if (!Number.isSafeInteger(request.levelPoints) || request.levelPoints <= 0)
    return { ok: false, rejection: 'alert_level_not_positive' };
  if (request.condition === 'above') {
    if (request.levelPoints <= bidPoints) return { ok: false, rejection: 'alert_above_not_above_price' };
    return { ok: true, abovePoints: request.levelPoints, belowPoints: 0 };
  }
  if (request.levelPoints >= bidPoints) return { ok: false, rejection: 'alert_below_not_below_price' };
  return { ok: true, abovePoints: 0, belowPoints: request.levelPoints };
}

export class AlertBook {
  private readonly books = new Map<number, TriggerBook>();
  /** The instrument of every live alert, so removal finds its heaps. */
  private readonly instrumentOf = new Map<number, number>();

  /** [AL4] Adds an alert, or replaces the one with the same id. */
  add(alert: AlertLevels): void {
    this.remove(alert.id);
    if (alert.abovePoints <= 0 && alert.belowPoints <= 0) return;
    let book = this.books.get(alert.instrumentId);
    if (!book) this.books.set(alert.instrumentId, (book = new TriggerBook()));
    this.instrumentOf.set(alert.id, alert.instrumentId);
    if (alert.abovePoints > 0)
      book.add({ id: `${alert.id}:up`, side: 'bid', direction: 'atOrAbove', level: alert.abovePoints });
    if (alert.belowPoints > 0)
      book.add({ id: `${alert.id}:down`, side: 'bid', direction: 'atOrBelow', level: alert.belowPoints });
  }

  /** [AL5] A removed alert never fires. Answers whether it was live. */
  remove(alertId: number): boolean {
    const instrumentId = this.instrumentOf.get(alertId);
    if (instrumentId === undefined) return false;
    this.instrumentOf.delete(alertId);
    const book = this.books.get(instrumentId)!;
    book.remove(`${alertId}:up`);
    book.remove(`${alertId}:down`);
    return true;
  }

  has(alertId: number): boolean {
    return this.instrumentOf.has(alertId);
  }

  get size(): number {
    return this.instrumentOf.size;
  }

  /**
   * [AL1][AL6] The ids of the live alerts this bid reaches, each once, lowest id first; they leave
   * the book. A move alert fires by whichever of its two levels is reached and then is gone whole.
   */
  takeCrossed(instrumentId: number, bidPoints: number): number[] {
    const book = this.books.get(instrumentId);
    if (!book || book.size === 0) return [];
    // The ask side holds nothing: any ask leaves it alone.
    const crossed = book.takeCrossed(bidPoints, 0);
    if (crossed.length === 0) return [];
    const fired = new Set<number>();
    for (const trigger of crossed) fired.add(Number(trigger.id.slice(0, trigger.id.indexOf(':'))));
    for (const id of fired) this.remove(id);
    return [...fired].sort((a, b) => a - b);
  }
}
