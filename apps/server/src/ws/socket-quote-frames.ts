/**
 * Each instrument's quote as a finished frame, built once per change of the quote: a flush pushes
 * it to every holder of the quote list, and every phone that subscribes after it gets the same
 * bytes in its snapshot. Without it each subscription to the list encoded every instrument's quote
 * anew (JSON, then a frame per message); a crowd reconnecting after a deploy asks for that list
 * thousands of times in a few seconds (bench/README.md "A subscription's snapshot, built once").
 *
 * A kept frame is reused only while the quote it was made of reads the same, field by field, with
 * the same market status: a frame can never carry an older state than the quote it stands for,
 * whatever changed the quote (a tick, a staff change of the instrument, the market closing).
 */
import type { Quotation } from '@omp/protocol';
import type { QuoteEvent } from '../events/market-events.ts';
import { textFrame, type Frame } from './socket-frames.ts';
import { quoteMessage } from './socket-messages.ts';

type Quote = Pick<QuoteEvent, 'code' | 'marketStatus' | 'quotation'>;

interface KeptFrame {
  marketStatus: number;
  quotation: Quotation;
  frame: Frame;
}

export class QuoteFrames {
  private readonly byCode = new Map<string, KeptFrame>();

  frameOf(quote: Quote): Frame {
    const kept = this.byCode.get(quote.code);
    if (kept && kept.marketStatus === quote.marketStatus && sameFields(kept.quotation, quote.quotation))
      return kept.frame;
    const frame = textFrame(quoteMessage(quote));
    // A copy: a caller that changed its quotation object in place afterwards would read the same.
    const quotation = { ...quote.quotation };
    this.byCode.set(quote.code, { marketStatus: quote.marketStatus, quotation, frame });
    return frame;
  }
}

/** Whether two quotations have the same fields with the same values (all of them primitives). */
function sameFields(a: Quotation, b: Quotation): boolean {
  const kept = a as unknown as Record<string, unknown>;
  const now = b as unknown as Record<string, unknown>;
  const keys = Object.keys(now);
  if (keys.length !== Object.keys(kept).length) return false;
  for (const key of keys) if (kept[key] !== now[key]) return false;
  return true;
}
