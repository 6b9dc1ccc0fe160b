/**
 * Whether a quote is too old to trade at: the one home of the stale-quote rule. A market order
 * [O8] and a close [B3] on a quote older than `staleQuoteMs` (the setting `stale_quote_s`) are
 * refused rather than filled at a price the market may have left. A quote exactly that old still
 * counts as fresh. Pending orders and stop edits do not ask: nothing fills at the quote then.
 */

export function isQuoteStale(quote: { timeMs: number }, nowMs: number, staleQuoteMs: number): boolean {
  return nowMs - quote.timeMs > staleQuoteMs;
}
