/**
 * One instrument as the live market holds it (market-service.ts): its terms, the last quote, the
 * day's figures and the forming bars, resumed from the database at start and rescaled when staff
 * change its price precision.
 */
import { KLINE_PERIODS, KlineBook, type Bar, type DayStats, type InstrumentSpec } from '@omp/engine';
import type { InstrumentRecord, MarketRepository } from '../repositories/market-repository.ts';
import { lastBar } from './derived-klines.ts';
import { UnwrittenBars } from './unwritten-bars.ts';

export interface LiveInstrument {
  spec: InstrumentSpec;
  record: InstrumentRecord;
  bid: number | undefined;
  ask: number | undefined;
  lastTickMs: number;
  day: DayStats | undefined;
  book: KlineBook;
  /** Bars the database does not have yet (derived periods are not stored). */
  unwritten: UnwrittenBars;
}

/** The instrument resumed from its last stored bars: the quote from the last minute, the day's figures. */
export async function loadLiveInstrument(
  repository: MarketRepository,
  record: InstrumentRecord,
): Promise<LiveInstrument> {
  const live: LiveInstrument = {
    spec: record.spec,
    record,
    bid: undefined,
    ask: undefined,
    lastTickMs: 0,
    day: undefined,
    book: new KlineBook(),
    unwritten: new UnwrittenBars(),
  };
  for (const period of KLINE_PERIODS) {
    const last = await lastBar(repository, record.spec.id, period);
    if (!last) continue;
    live.book.seed(period, last);
    if (period === '1M') {
      live.bid = last.close;
      live.ask = last.close + record.spec.spreadPoints;
      live.lastTickMs = last.time * 1000;
    }
    if (period === '1D') {
      live.day = {
        dayStart: last.time,
        open: last.open,
        high: last.high,
        low: last.low,
        volume: last.volume,
      };
    }
  }
  return live;
}

/**
 * A new price precision: the quote, the day's figures and the forming bars in the new points
 * (the stored bars were rescaled with the change; unflushed ones are rescaled here, before any
 * flush writes them).
 */
export function rescaleLive(live: LiveInstrument, rescale: (points: number) => number): void {
  if (live.bid !== undefined) live.bid = rescale(live.bid);
  if (live.ask !== undefined) live.ask = rescale(live.ask);
  if (live.day)
    live.day = {
      ...live.day,
      open: rescale(live.day.open),
      high: rescale(live.day.high),
      low: rescale(live.day.low),
    };
  const bar = (b: Bar): Bar => ({
    ...b,
    open: rescale(b.open),
    high: rescale(b.high),
    low: rescale(b.low),
    close: rescale(b.close),
  });
  for (const period of KLINE_PERIODS) {
    const forming = live.book.forming(period);
    if (forming) live.book.seed(period, bar(forming));
  }
  live.unwritten.rescale(bar);
}
