/**
 * Feeds DAY_MARKET pushes into the quotes store for as long as the app runs, and refetches the
 * instrument list when the broker changes an instrument (INSTRUMENT_CHANGED). Pushes are batched
 * per animation frame: thirty instruments ticking four times a second would otherwise mean a
 * hundred store updates a second, each re-checking every visible row.
 */
import { useEffect } from 'react';
import { INSTRUMENT_CHANGED_MESSAGE, Topic } from '@omp/protocol';
import { queryClient } from '../../lib/query-client.ts';
import { getSocket } from '../../lib/socket.ts';
import { marketKeys } from './market-queries.ts';
import { useQuotes, type LiveQuotation } from './quotes-store.ts';

export function useLiveQuotesFeed(): void {
  useEffect(() => {
    let pending = new Map<string, LiveQuotation>();
    // Which kind of callback is pending matters: frame ids and timer ids are separate namespaces.
    let scheduled: { kind: 'frame' | 'timer'; id: number } | undefined;
    const flush = () => {
      scheduled = undefined;
      const batch = pending;
      pending = new Map();
      useQuotes.getState().applyBatch(batch);
    };
    const off = getSocket().subscribe(Topic.dayMarket, (message) => {
      if (message.type !== 'DAY_MARKET') return;
      pending.set(message.symbol, message.quotation);
      // A hidden tab gets no animation frames; a timer keeps the store fresh for its return.
      if (scheduled) return;
      scheduled = document.hidden
        ? { kind: 'timer', id: window.setTimeout(flush, 250) }
        : { kind: 'frame', id: requestAnimationFrame(flush) };
    });
    // The broker changed an instrument's terms (a halt, lots, leverage): the ticket must use them.
    const offChanges = getSocket().listen(INSTRUMENT_CHANGED_MESSAGE, () => {
      void queryClient.invalidateQueries({ queryKey: marketKeys.tradeListAll });
    });
    return () => {
      off();
      offChanges();
      if (scheduled?.kind === 'frame') cancelAnimationFrame(scheduled.id);
      if (scheduled?.kind === 'timer') clearTimeout(scheduled.id);
    };
  }, []);
}
