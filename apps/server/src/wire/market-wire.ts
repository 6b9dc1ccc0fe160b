/**
 * The market on the wire (packages/protocol): quotations, instruments and kline points. The
 * market service keeps prices in integer points; they leave here as numbers at the instrument's
 * precision.
 */
import { changePercent, pointsToNumber, type Bar, type DayStats, type InstrumentSpec } from '@omp/engine';
import type { Instrument, KlinePoint, MarketStatus, Quotation } from '@omp/protocol';
import { logoUrl } from './trading-wire.ts';

/** What a quotation is made of: an instrument's last prices and its day (services/market-service.ts). */
export interface QuotedInstrument {
  spec: InstrumentSpec;
  bid: number | undefined;
  ask: number | undefined;
  lastTickMs: number;
  day: DayStats | undefined;
}

export function toQuotation(live: QuotedInstrument): Quotation {
  const precision = live.spec.pricePrecision;
  const bid = live.bid ?? 0;
  const day = live.day;
  return {
    Id: live.spec.id,
    ForexId: live.spec.id,
    Open: pointsToNumber(day?.open ?? bid, precision),
    High: pointsToNumber(day?.high ?? bid, precision),
    Low: pointsToNumber(day?.low ?? bid, precision),
    Close: pointsToNumber(bid, precision),
    Bid: pointsToNumber(bid, precision),
    Ask: pointsToNumber(live.ask ?? bid, precision),
    Change: day && day.open > 0 ? changePercent(bid, day.open) : 0,
    Volume: day?.volume ?? 0,
    Amount: 0,
    NowTime: Math.floor(live.lastTickMs / 1000),
  };
}

export function toWireInstrument(entry: {
  spec: InstrumentSpec;
  /** In the reader's language. */
  name: string;
  status: MarketStatus;
  /** When a closed market opens next, or null while it is open. */
  nextOpenMs: number | null;
  /** The leverage offered under the instrument's cap (services/leverage-caps.ts). */
  leverageOptions: readonly number[];
  quotation: Quotation;
}): Instrument {
  const { spec, nextOpenMs } = entry;
  return {
    Id: spec.id,
    Code: spec.code,
    ShowCode: spec.showCode,
    Name: entry.name,
    TradingHalted: spec.tradingHalted === true,
    Logo: logoUrl(spec.logo),
    CategoryId: spec.categoryId,
    MarketStatus: entry.status,
    PricePrecision: spec.pricePrecision,
    Pip: Number(spec.lotStep),
    ForexMinCont: Number(spec.minLots),
    ForexMaxCont: Number(spec.maxLots),
    ForexContNum: spec.contractSize,
    MarginMode: spec.marginMode,
    ForexFeeRate: Number(spec.feeRate),
    HasForexMultiple: entry.leverageOptions.map((value) => ({ Value: value })),
    Spread: spec.spreadPoints,
    BaseCurrency: spec.baseCurrency,
    QuoteCurrency: spec.quoteCurrency,
    TradingSessions: spec.schedule.map((s) => ({ From: s.from, To: s.to })),
    NextOpenTime: nextOpenMs === null ? null : Math.floor(nextOpenMs / 1000),
    ForexQuotations: entry.quotation,
  };
}

export function toKlinePoint(bar: Bar, precision: number): KlinePoint {
  return {
    Time: bar.time,
    Open: pointsToNumber(bar.open, precision),
    High: pointsToNumber(bar.high, precision),
    Low: pointsToNumber(bar.low, precision),
    Close: pointsToNumber(bar.close, precision),
    Volume: bar.volume,
  };
}
