/** What the market service announces on the event bus (event-bus.ts): a quote and a bar changed. */
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
