/**
 * The last quote list the app saw, kept in Cache Storage so the app installed on a home screen
 * opens with no network and still shows prices, marked "Offline — prices as of HH:MM". While the
 * connection is live the home screen saves its list (instruments with their newest quote, the
 * categories, the starred ids) at most every few seconds; the snapshot is read once at start.
 *
 * It lives in a cache of its own, outside the service worker's release caches (which a new release
 * deletes), and it is the one thing ever shown from a cache instead of the API: only with the
 * offline state beside it.
 */
import { useEffect, useRef } from 'react';
import { create } from 'zustand';
import { LANGUAGE_LOCALES, type Category, type Instrument, type Language } from '@omp/protocol';
import { isCutOff } from '../../lib/socket.ts';
import { useConnectionState } from '../../lib/use-socket-events.ts';
import { mergeQuote, useQuotes } from './quotes-store.ts';

export interface LastPrices {
  /** When the list was last seen live (Unix ms). */
  savedAt: number;
  lang: Language;
  instruments: Instrument[];
  categories: Category[];
  favouriteIds: number[];
}

const CACHE_NAME = 'omp-last-prices';
/** How often, at most, a live list is written. */
export const SAVE_EVERY_MS = 5000;

const cacheKey = () => new URL('last-prices.json', document.baseURI).href;
const hasCacheStorage = () => typeof caches !== 'undefined';

interface LastPricesState {
  snapshot: LastPrices | undefined;
  set(snapshot: LastPrices): void;
}

export const useLastPrices = create<LastPricesState>()((set) => ({
  snapshot: undefined,
  set: (snapshot) => set({ snapshot }),
}));

/** Whether a stored value is a snapshot this version can show (an old or broken one is ignored). */
export function isLastPrices(value: unknown): value is LastPrices {
  const v = value as Partial<LastPrices> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.savedAt === 'number' &&
    typeof v.lang === 'string' &&
    Array.isArray(v.instruments) &&
    v.instruments.every((row) => typeof row?.Code === 'string' && typeof row.ForexQuotations === 'object') &&
    Array.isArray(v.categories) &&
    Array.isArray(v.favouriteIds)
  );
}

/** Reads the stored snapshot into the store (at start; quietly nothing where storage is missing). */
export async function loadLastPrices(): Promise<void> {
  if (!hasCacheStorage()) return;
  try {
    const response = await (await caches.open(CACHE_NAME)).match(cacheKey());
    const stored: unknown = await response?.json();
    // A save made meanwhile is newer than what was on disk.
    if (isLastPrices(stored) && !useLastPrices.getState().snapshot) useLastPrices.getState().set(stored);
  } catch {
    // Storage refused (private mode, quota): the app works as before, without the offline list.
  }
}

async function storeLastPrices(snapshot: LastPrices): Promise<void> {
  useLastPrices.getState().set(snapshot);
  if (!hasCacheStorage()) return;
  try {
    const body = JSON.stringify(snapshot);
    await (
      await caches.open(CACHE_NAME)
    ).put(cacheKey(), new Response(body, { headers: { 'content-type': 'application/json' } }));
  } catch {
    // As above: a failed save leaves the previous snapshot.
  }
}

/** The list as the screen shows it: each instrument with the newer of its listed and pushed quote. */
export function withNewestQuotes(
  instruments: readonly Instrument[],
  live: ReturnType<typeof useQuotes.getState>['byCode'],
): Instrument[] {
  return instruments.map((instrument) => {
    const { quote, marketStatus } = mergeQuote(instrument, live[instrument.Code]);
    return { ...instrument, ForexQuotations: quote, MarketStatus: marketStatus };
  });
}

/**
 * Saves the home screen's list while the connection is live: at once when it first has one, then
 * at most every SAVE_EVERY_MS as prices move, and when the app goes to the background.
 */
export function useKeepLastPrices(list: {
  instruments: Instrument[] | undefined;
  categories: Category[] | undefined;
  favouriteIds: readonly number[];
  lang: Language;
}): void {
  const live = !isCutOff(useConnectionState());
  const latest = useRef(list);
  latest.current = list;
  useEffect(() => {
    if (!live) return;
    let lastSaved = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const save = () => {
      timer = undefined;
      const { instruments, categories, favouriteIds, lang } = latest.current;
      if (!instruments || !categories) return;
      lastSaved = Date.now();
      void storeLastPrices({
        savedAt: lastSaved,
        lang,
        instruments: withNewestQuotes(instruments, useQuotes.getState().byCode),
        categories,
        favouriteIds: [...favouriteIds],
      });
    };
    const schedule = () => {
      if (timer !== undefined) return;
      timer = setTimeout(save, Math.max(0, lastSaved + SAVE_EVERY_MS - Date.now()));
    };
    schedule();
    const offQuotes = useQuotes.subscribe(schedule);
    const onHide = () => {
      if (document.visibilityState === 'hidden') save();
    };
    document.addEventListener('visibilitychange', onHide);
    return () => {
      offQuotes();
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onHide);
    };
  }, [live, list.instruments, list.categories]);
}

/** HH:MM of a snapshot, in the language's convention and Latin digits (as every figure is shown). */
export function formatSavedAt(savedAtMs: number, lang: Language): string {
  return new Intl.DateTimeFormat(LANGUAGE_LOCALES[lang], {
    numberingSystem: 'latn',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(savedAtMs));
}
