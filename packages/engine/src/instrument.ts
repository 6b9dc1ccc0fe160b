/**
 * What the engine knows about a tradable instrument. Prices inside the engine are integer
 * *points* (1 point = 10^-pricePrecision), so no binary fraction ever enters price arithmetic;
 * lots are decimal strings with at most 2 decimals until the trading engine gives them a scale.
 */

/** A weekly trading session in UTC minutes of the week: 0 = Sunday 00:00, 10080 = next Sunday. */
export interface TradingSession {
  /** First minute of the week inside the session. */
  from: number;
  /** First minute of the week after the session (exclusive); may exceed 10080 to wrap into the next week. */
  to: number;
}

export type WeeklySchedule = readonly TradingSession[];

export const MINUTES_PER_WEEK = 7 * 24 * 60;

export interface InstrumentSpec {
  id: number;
  /** Stable code used by the feed and the socket topics, e.g. `EURUSD`. */
  code: string;
  /** What the screens show, e.g. `EUR/USD`. */
  showCode: string;
  /** File name of the logo under the shipped logos folder, e.g. `eurusd.svg`. */
  logo: string;
  categoryId: number;
  baseCurrency: string;
  /** Currency the price is quoted in; P/L converts from it to USD (SPEC.md M1). */
  quoteCurrency: string;
  pricePrecision: number;
  /** Lot step, decimal string, e.g. "0.01". */
  lotStep: string;
  minLots: string;
  maxLots: string;
  /** Units per lot (ForexContNum). */
  contractSize: number;
  /** 1 fixed margin per lot, 2 leveraged. */
  marginMode: 1 | 2;
  /** Fee rate as a decimal string (ForexFeeRate). */
  feeRate: string;
  /** Leverage options; the first is the default. Empty means orders cannot be placed. */
  leverageOptions: readonly number[];
  /** ask = bid + spreadPoints. */
  spreadPoints: number;
  schedule: WeeklySchedule;
  sort: number;
  /**
   * Set by the broker's staff: no new order may be placed (O0), while open positions can still be
   * closed, pending orders cancelled and every stop still fires, so no trader is locked in.
   */
  tradingHalted?: boolean;
}

/** Parameters of the simulated market for one instrument (not part of the trading rules). */
export interface SimulationProfile {
  /** A realistic price level to start the walk at, as a decimal string. */
  startPrice: string;
  /** Annualised volatility, e.g. 0.08 for EUR/USD, 0.6 for BTC. */
  annualVolatility: number;
  /** Average ticks per second while the market is open. */
  ticksPerSecond: number;
}
