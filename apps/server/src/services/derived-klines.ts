/**
 * Bars of the derived periods (4H, 1W, 1MN; packages/engine/SPEC.md K8), rolled up from the stored
 * bars of their source period when asked for. Nothing of them is stored: their history is exactly
 * as long as their source's, and a change of a source bar shows in them at once.
 */
import {
  bucketEnd,
  DERIVED_KLINE_SOURCE,
  isStoredPeriod,
  rollUp,
  SOURCE_BARS_PER_BAR,
  type Bar,
  type DerivedKlinePeriod,
  type KlinePeriod,
} from '@omp/engine';
import type { MarketRepository } from '../repositories/market-repository.ts';

/**
 * The most recent `limit` bars of `period` opening before `beforeTime` (when given), oldest first:
 * stored bars as they are, derived ones rolled up from enough source bars to fill `limit` buckets.
 */
export async function storedOrDerivedBars(
  repository: MarketRepository,
  instrumentId: number,
  period: KlinePeriod,
  limit: number,
  beforeTime?: number,
): Promise<Bar[]> {
  if (isStoredPeriod(period)) return repository.recentBars(instrumentId, period, limit, beforeTime);
  return derivedBars(repository, instrumentId, period, limit, beforeTime);
}

async function derivedBars(
  repository: MarketRepository,
  instrumentId: number,
  period: DerivedKlinePeriod,
  limit: number,
  beforeTime?: number,
): Promise<Bar[]> {
  // A bucket opening before `beforeTime` is wanted whole, even the source bars after that time.
  const sourceBefore = beforeTime === undefined ? undefined : bucketEnd(beforeTime - 1, period);
  // One bucket more than asked for: the oldest one read may be cut short by the row limit.
  const wanted = (limit + 1) * SOURCE_BARS_PER_BAR[period];
  const source = await repository.recentBars(
    instrumentId,
    DERIVED_KLINE_SOURCE[period],
    wanted,
    sourceBefore,
  );
  const bars = rollUp(source, period);
  if (source.length === wanted) bars.shift();
  return bars.slice(-limit);
}

/** The newest bar of `period`, to resume its forming bar after a restart. */
export async function lastBar(
  repository: MarketRepository,
  instrumentId: number,
  period: KlinePeriod,
): Promise<Bar | undefined> {
  return (await storedOrDerivedBars(repository, instrumentId, period, 1)).at(-1);
}
