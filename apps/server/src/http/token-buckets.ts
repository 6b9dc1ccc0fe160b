/**
 * Per-key token buckets: each key may spend `burst` requests at once and then `ratePerSecond` on
 * average. Used to keep one user's script from flooding the trading book, whose single writer is
 * shared by everybody. Time comes in from the caller so tests can move it.
 */
export interface TokenBucketOptions {
  ratePerSecond: number;
  burst: number;
  now: () => number;
}

interface Bucket {
  tokens: number;
  /** When `tokens` was last brought up to date, ms. */
  at: number;
}

/** Idle buckets are full again after this long, so forgetting them changes nothing. */
const SWEEP_EVERY = 10_000;

export class TokenBuckets<Key> {
  private readonly buckets = new Map<Key, Bucket>();
  private readonly options: TokenBucketOptions;
  private takesSinceSweep = 0;

  constructor(options: TokenBucketOptions) {
    if (!(options.ratePerSecond > 0) || !(options.burst >= 1)) {
      throw new RangeError('ratePerSecond must be positive and burst at least 1');
    }
    this.options = options;
  }

  /**
   * Spends one token of `key`. Returns 0 when the request may go ahead, otherwise how many
   * milliseconds until a token is available (nothing is spent then).
   */
  take(key: Key): number {
    const { ratePerSecond, burst, now } = this.options;
    const at = now();
    if (++this.takesSinceSweep >= SWEEP_EVERY) this.sweep(at);
    const bucket = this.buckets.get(key) ?? { tokens: burst, at };
    const refilled = Math.min(burst, bucket.tokens + ((at - bucket.at) * ratePerSecond) / 1000);
    if (refilled < 1) {
      this.buckets.set(key, { tokens: refilled, at });
      return Math.ceil(((1 - refilled) * 1000) / ratePerSecond);
    }
    this.buckets.set(key, { tokens: refilled - 1, at });
    return 0;
  }

  /** How many keys are remembered; full buckets are forgotten on the periodic sweep. */
  get size(): number {
    return this.buckets.size;
  }

  private sweep(at: number): void {
    this.takesSinceSweep = 0;
    const { ratePerSecond, burst } = this.options;
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + ((at - bucket.at) * ratePerSecond) / 1000 >= burst) this.buckets.delete(key);
    }
  }
}
