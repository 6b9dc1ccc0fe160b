/**
 * What the trading engine knows of the market: the instruments, their latest quote, and the rate
 * that converts each quote currency into USD (SPEC.md "Margin, fee, profit": at the current mid).
 * The rate of a currency comes from its USD pair: `XXXUSD` gives mid, `USDXXX` gives 1 / mid,
 * both as exact ratios of integers.
 */
import type { InstrumentSpec } from './instrument.ts';
import type { Ratio } from './margin.ts';
import type { QuoteSnapshot } from './order-entry.ts';

export interface ConversionLeg {
  instrumentId: number;
  /** true for USDXXX pairs, where USD per unit is 1 / price. */
  inverted: boolean;
  precision: number;
}

export class MarketBoard {
  private readonly instruments = new Map<number, InstrumentSpec>();
  private readonly quotes = new Map<number, QuoteSnapshot>();
  private readonly legs = new Map<string, ConversionLeg>();

  addInstrument(spec: InstrumentSpec): void {
    this.instruments.set(spec.id, spec);
    if (spec.quoteCurrency === 'USD' && spec.baseCurrency !== 'USD' && /^[A-Z]{3}USD$/.test(spec.code))
      this.legs.set(spec.baseCurrency, {
        instrumentId: spec.id,
        inverted: false,
        precision: spec.pricePrecision,
      });
    if (spec.baseCurrency === 'USD' && spec.quoteCurrency !== 'USD' && /^USD[A-Z]{3}$/.test(spec.code))
      this.legs.set(spec.quoteCurrency, {
        instrumentId: spec.id,
        inverted: true,
        precision: spec.pricePrecision,
      });
  }

  instrument(id: number): InstrumentSpec | undefined {
    return this.instruments.get(id);
  }

  allInstruments(): IterableIterator<InstrumentSpec> {
    return this.instruments.values();
  }

  setQuote(instrumentId: number, quote: QuoteSnapshot): void {
    this.quotes.set(instrumentId, quote);
  }

  quote(instrumentId: number): QuoteSnapshot | undefined {
    return this.quotes.get(instrumentId);
  }

  /** The USD pair that converts `currency`, or undefined for USD itself (and unknown currencies). */
  conversionLeg(currency: string): ConversionLeg | undefined {
    return this.legs.get(currency);
  }

  /** USD per unit of `currency` at the current mid; undefined when no quote converts it yet. */
  usdRate(currency: string): Ratio | undefined {
    if (currency === 'USD') return USD_PER_USD;
    const leg = this.legs.get(currency);
    const quote = leg && this.quotes.get(leg.instrumentId);
    if (!leg || !quote) return undefined;
    return rateFromMid(leg, BigInt(quote.bid) + BigInt(quote.ask));
  }
}

/** One shared answer for USD itself: every P/L in USD asks for it, and nobody changes a rate. */
const USD_PER_USD: Ratio = Object.freeze({ numerator: 1n, denominator: 1n });

/** 2 × 10^precision, the mid's denominator, for the precisions quotes have (settling asks per position). */
const TWICE_POWERS_OF_TEN = Array.from({ length: 19 }, (_, i) => 2n * 10n ** BigInt(i));

/** The rate of a leg whose bid + ask is `midTimesTwo` points. */
export function rateFromMid(leg: ConversionLeg, midTimesTwo: bigint): Ratio {
  const scale = TWICE_POWERS_OF_TEN[leg.precision] ?? 2n * 10n ** BigInt(leg.precision);
  return leg.inverted
    ? { numerator: scale, denominator: midTimesTwo }
    : { numerator: midTimesTwo, denominator: scale };
}
