/**
 * Carries market events from the market service to whoever pushes them (the socket hub). In one
 * process it is a plain in-memory fan-out; a Redis-backed bus can take its place to carry the same
 * events between nodes without either side changing.
 */
import type { Bar, KlinePeriod } from '@omp/engine';
import type { Quotation } from '@omp/protocol';

export interface QuoteEvent {
  code: string;
  marketStatus: number;
  quotation: Quotation;
}

export interface KlineEvent {
  code: string;
  period: KlinePeriod;
  pricePrecision: number;
  bar: Bar;
}

export interface MarketBus {
  publishQuote(event: QuoteEvent): void;
  publishKline(event: KlineEvent): void;
  onQuote(listener: (event: QuoteEvent) => void): () => void;
  onKline(listener: (event: KlineEvent) => void): () => void;
}

export function createInMemoryMarketBus(): MarketBus {
  const quoteListeners = new Set<(event: QuoteEvent) => void>();
  const klineListeners = new Set<(event: KlineEvent) => void>();
  return {
    publishQuote: (event) => quoteListeners.forEach((listener) => listener(event)),
    publishKline: (event) => klineListeners.forEach((listener) => listener(event)),
    onQuote(listener) {
      quoteListeners.add(listener);
      return () => quoteListeners.delete(listener);
    },
    onKline(listener) {
      klineListeners.add(listener);
      return () => klineListeners.delete(listener);
    },
  };
}
