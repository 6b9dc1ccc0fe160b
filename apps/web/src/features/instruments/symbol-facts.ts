/**
 * The facts the symbol sheet states about an instrument, from the instrument list's own fields:
 * its weekly trading sessions as times in the user's zone, and the margin and fee of one lot by
 * the engine's own arithmetic (the ticket's preview, so the sheet and the ticket always agree).
 * Pure, tested in symbol-facts.test.ts.
 */
import { MINUTES_PER_WEEK, type Ratio } from '@omp/engine';
import { LANGUAGE_LOCALES, type Instrument, type Language } from '@omp/protocol';
import { previewTicket } from '../ticket/ticket-preview.ts';

/** 1970-01-04, the first Sunday after the epoch: session minutes count from Sunday 00:00 UTC. */
const FIRST_SUNDAY_SEC = 3 * 86400;
const WEEK_SEC = MINUTES_PER_WEEK * 60;
/** One lot in the ticket's unit (10^-8 lot). */
const ONE_LOT = 100_000_000n;

export interface SessionSpan {
  /** Unix seconds, in the week that holds `nowSec`. */
  from: number;
  to: number;
}

/**
 * The sessions of the current week as absolute times, touching ones joined (a schedule given day
 * by day reads as one span); `always` when they cover the whole week (crypto).
 */
export function weekSessions(
  sessions: ReadonlyArray<{ From: number; To: number }>,
  nowSec: number,
): { always: boolean; spans: SessionSpan[] } {
  const weekStart = Math.floor((nowSec - FIRST_SUNDAY_SEC) / WEEK_SEC) * WEEK_SEC + FIRST_SUNDAY_SEC;
  const sorted = [...sessions].filter((s) => s.To > s.From).sort((a, b) => a.From - b.From);
  const merged: Array<{ From: number; To: number }> = [];
  for (const session of sorted) {
    const last = merged.at(-1);
    if (last && session.From <= last.To) last.To = Math.max(last.To, session.To);
    else merged.push({ ...session });
  }
  const always = merged.length === 1 && merged[0]!.From <= 0 && merged[0]!.To >= MINUTES_PER_WEEK;
  return {
    always,
    spans: merged.map((s) => ({ from: weekStart + s.From * 60, to: weekStart + s.To * 60 })),
  };
}

/** "Mon 06:00" in the language and zone given (undefined: the device's zone). */
export function formatWeekTime(unixSeconds: number, lang: Language, timeZone?: string): string {
  return new Intl.DateTimeFormat(LANGUAGE_LOCALES[lang], {
    numberingSystem: 'latn',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(unixSeconds * 1000));
}

/**
 * The margin and the fee of one lot at each leverage the instrument offers (one row for a fixed
 * margin, which no leverage changes), bought at `ask`; undefined figures while no rate converts
 * the quote currency.
 */
export function oneLotCosts(
  instrument: Instrument,
  bid: number,
  ask: number,
  feeType: number,
  usdRate: Ratio | undefined,
): Array<{ leverage: number | undefined; marginMicros: bigint | undefined; feeMicros: bigint | undefined }> {
  const options = [...new Set(instrument.HasForexMultiple.map((o) => o.Value))].sort((a, b) => a - b);
  const leverages = instrument.MarginMode === 1 || options.length === 0 ? [options[0]] : options;
  return leverages.map((leverage) => {
    const preview = previewTicket({
      instrument,
      bid,
      ask,
      side: 'buy',
      market: true,
      targetText: '',
      lots: ONE_LOT,
      leverage,
      stopLossText: '',
      takeProfitText: '',
      feeType,
      usdRate,
      freeMargin: undefined,
    });
    return {
      leverage: instrument.MarginMode === 1 ? undefined : leverage,
      marginMicros: preview.marginMicros,
      feeMicros: preview.feeMicros,
    };
  });
}
