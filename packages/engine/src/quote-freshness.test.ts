import { describe, expect, it } from 'vitest';
import { isQuoteStale } from './quote-freshness.ts';

describe('quote freshness', () => {
  const quote = { timeMs: 1_000_000 };

  it('[O8] a quote exactly as old as the limit is fresh; a millisecond more is stale', () => {
    expect(isQuoteStale(quote, 1_030_000, 30_000)).toBe(false);
    expect(isQuoteStale(quote, 1_030_001, 30_000)).toBe(true);
  });

  it('[O8] a quote stamped after now (a fast feed clock) is fresh', () => {
    expect(isQuoteStale(quote, 999_000, 30_000)).toBe(false);
  });
});
