/**
 * The latest quotation of every instrument, fed by DAY_MARKET pushes. The instrument list from
 * trade_list carries a quotation too; readers take whichever is newer (by NowTime), so a refetched
 * list never rolls a price back and a push never waits for a refetch.
 */
import { useRef } from 'react';
import { create } from 'zustand';
import type { Instrument, Quotation } from '@omp/protocol';
import { usePageActive } from '../../app/page-activity.ts';

export type LiveQuotation = Quotation & { MarketStatus: number };

interface QuotesState {
  byCode: Record<string, LiveQuotation>;
  /** Applies a batch of pushes (one per code, the latest) in a single store update. */
  applyBatch(batch: ReadonlyMap<string, LiveQuotation>): void;
}

export const useQuotes = create<QuotesState>()((set) => ({
  byCode: {},
  applyBatch: (batch) =>
    set((state) => {
      if (batch.size === 0) return state;
      const next = { ...state.byCode };
      for (const [code, quotation] of batch) {
        const known = next[code];
        if (!known || quotation.NowTime >= known.NowTime) next[code] = quotation;
      }
      return { byCode: next };
    }),
}));

export interface EffectiveQuote {
  quote: Quotation;
  marketStatus: number;
}

/** Merges the list's quotation with the pushed one; pure, for tests and for non-React readers. */
export function mergeQuote(instrument: Instrument, live: LiveQuotation | undefined): EffectiveQuote {
  if (live && live.NowTime >= instrument.ForexQuotations.NowTime) {
    return { quote: live, marketStatus: live.MarketStatus };
  }
  return { quote: instrument.ForexQuotations, marketStatus: instrument.MarketStatus };
}

/**
 * The market status of one instrument by its freshest quote; re-renders only when the status
 * itself changes, not on every tick (the parts of a row that do not show prices).
 */
export function useMarketStatus(instrument: Instrument): number {
  return useQuotes((s) => mergeQuote(instrument, s.byCode[instrument.Code]).marketStatus);
}

/** The freshest quote of one instrument; re-renders only when that instrument's quote changes. */
export function useEffectiveQuote(instrument: Instrument): EffectiveQuote {
  const live = useQuotes((s) => s.byCode[instrument.Code]);
  return mergeQuote(instrument, live);
}

/**
 * `useEffectiveQuote` for a screen that stays mounted when left (the home quote list): while its
 * page is hidden the quote stays the one last shown, so a push re-renders nothing behind the
 * screen on view, and it catches up with the newest when the page shows again.
 */
export function useShownQuote(instrument: Instrument): EffectiveQuote {
  const active = usePageActive();
  const shown = useRef<LiveQuotation | undefined>(undefined);
  const live = useQuotes((s) => (active ? s.byCode[instrument.Code] : shown.current));
  shown.current = live;
  return mergeQuote(instrument, live);
}
