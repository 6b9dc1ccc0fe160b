/**
 * The simulator as a node starts it: every instrument the market lists, each going on from the
 * market's last bid, so prices continue where they stopped (after a restart, or on the node that
 * takes the feed over on a cluster) instead of jumping back to the profile's start price.
 */
import type { InstrumentSpec, SimulationProfile } from '@omp/engine';
import { SimulatedFeed } from './simulated-feed.ts';

/** What the simulator needs of the live market (services/market-service.ts). */
export interface MarketPrices {
  instruments(): ReadonlyArray<{ spec: InstrumentSpec; profile: SimulationProfile }>;
  /** The last bid of each instrument by code, points. */
  lastBids(): ReadonlyMap<string, number>;
}

export function resumedSimulatedFeed(
  market: MarketPrices,
  options: { seed: number; now: () => number; intervalMs: number },
): SimulatedFeed {
  const lastBids = market.lastBids();
  return new SimulatedFeed({
    instruments: market.instruments().map(({ spec, profile }) => {
      const lastBid = lastBids.get(spec.code);
      return lastBid === undefined ? { spec, profile } : { spec, profile, lastBid };
    }),
    ...options,
  });
}
