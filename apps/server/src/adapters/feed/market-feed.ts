/**
 * The market data port: where ticks come from. The simulator implements it; a price bridge posting
 * to the ingest endpoint is the other source. Prices are integer points of the instrument.
 */

export interface Tick {
  /** Instrument code, e.g. `EURUSD`. */
  code: string;
  /** Points. */
  bid: number;
  /** Points; ask = bid + spread. */
  ask: number;
  /** Unix milliseconds. */
  timeMs: number;
}

export interface MarketFeed {
  readonly name: string;
  /**
   * Starts delivering ticks. `onTicks` gets the ticks of one round at a time, sorted by time and
   * never empty, and must not throw.
   */
  start(onTicks: (ticks: Tick[]) => void): void;
  stop(): void;
}
