/**
 * One step of the simulated price: a geometric random walk whose log-price is pulled gently back
 * toward the instrument's anchor (an Ornstein–Uhlenbeck process on ln(price)), in integer points.
 *
 * Why the pull: a pure random walk left running for weeks wanders off real market levels (BTC at
 * 40 % volatility drifts ±10 % in a month and keeps going). With the pull the spread of the log
 * price settles near σ / √(2κ), about a third of a year's volatility, so EUR/USD stays within a
 * few percent of its start and BTC within a few tens of percent, while minute-to-minute moves keep
 * their full volatility. The hard band of ±50 % around the anchor catches the rare excursion.
 *
 * The step is symmetric in time, so the history backfill runs the same function backwards from
 * the last price to invent the past.
 */

export const SECONDS_PER_YEAR = 365.25 * 86_400;

/** κ of the pull toward the anchor, per year: a deviation halves in about ln 2 / 6 ≈ 6 weeks. */
export const MEAN_REVERSION_PER_YEAR = 6;

/** Prices never leave anchor × (1 ± this). */
export const PRICE_BAND = 0.5;

export interface PriceWalk {
  /** The level the walk is pulled toward (the profile's start price), points. */
  anchorPoints: number;
  annualVolatility: number;
  meanReversionPerYear: number;
  /** Inclusive bounds of every price the walk gives, points; minPoints ≥ 1. */
  minPoints: number;
  maxPoints: number;
}

export function priceWalk(anchorPoints: number, annualVolatility: number): PriceWalk {
  if (!Number.isSafeInteger(anchorPoints) || anchorPoints <= 0) {
    throw new RangeError(`anchor must be positive integer points, got ${anchorPoints}`);
  }
  if (!(annualVolatility >= 0) || !Number.isFinite(annualVolatility)) {
    throw new RangeError(`annual volatility must be a finite number ≥ 0, got ${annualVolatility}`);
  }
  return {
    anchorPoints,
    annualVolatility,
    meanReversionPerYear: MEAN_REVERSION_PER_YEAR,
    minPoints: Math.max(1, Math.ceil(anchorPoints * (1 - PRICE_BAND))),
    maxPoints: Math.max(1, Math.floor(anchorPoints * (1 + PRICE_BAND))),
  };
}

/**
 * Keeps a price inside the band, reflecting an overshoot back in rather than pinning it to the edge
 * (a pinned price would sit there tick after tick). An overshoot wider than the band stops at the edge.
 */
export function keepInBand(walk: PriceWalk, points: number): number {
  if (points > walk.maxPoints) {
    const reflected = 2 * walk.maxPoints - points;
    return reflected >= walk.minPoints ? reflected : walk.maxPoints;
  }
  if (points < walk.minPoints) {
    const reflected = 2 * walk.minPoints - points;
    return reflected <= walk.maxPoints ? reflected : walk.minPoints;
  }
  return points;
}

/**
 * The log return of a step of `dtSeconds` for a standard normal draw `z`: the pull toward the
 * anchor plus the diffusion scaled by √dt.
 */
export function logReturn(walk: PriceWalk, points: number, dtSeconds: number, z: number): number {
  const years = Math.max(0, dtSeconds) / SECONDS_PER_YEAR;
  const deviation = Math.log(points / walk.anchorPoints);
  return -walk.meanReversionPerYear * deviation * years + walk.annualVolatility * Math.sqrt(years) * z;
}

/**
 * The next bid after `dtSeconds`, given a standard normal draw `z`. Always an integer inside the
 * band, and always a move of at least one point: a tick that repeats the last bid carries nothing,
 * and at 100 ms steps a quiet instrument would otherwise round to no move most of the time.
 */
export function stepPrice(walk: PriceWalk, bidPoints: number, dtSeconds: number, z: number): number {
  const change = logReturn(walk, bidPoints, dtSeconds, z);
  let next = Math.round(bidPoints * Math.exp(change));
  if (next === bidPoints) next += change > 0 || (change === 0 && z >= 0) ? 1 : -1;
  return keepInBand(walk, next);
}
