/**
 * Deposit conversion (SPEC.md W5): a deposit is sent in its channel's currency (the wire bank's or
 * the crypto network's) and credited in USD at the rate staff set for that currency. Shared by the
 * server that credits it and the screen that shows the credit before the user sends, so the two
 * can never disagree.
 */
import { formatScaled, parseRate, RATE_SCALE } from './money.ts';

/** The account currency: its rate is 1 by definition, never configured. */
export const ACCOUNT_CURRENCY = 'USD';

/** The most a rate may be (units of a currency per 1 USD); beyond it a typo, not a currency. */
const MAX_RATE = 1_000_000_000n * RATE_SCALE;

/**
 * A rate as staff type it, in units of the currency per 1 USD (as withdrawals' `usd_price`):
 * above 0, at most 12 decimals, at most 10^9. Its exact 10^-12 units, or null.
 */
export function parseUsdPrice(text: string): bigint | null {
  const rate = parseRate(text);
  if (rate === null || rate <= 0n || rate > MAX_RATE) return null;
  return rate;
}

/** A rate in its shortest exact text: "0.86", "1", "0.0000152". */
export function usdPriceText(rate: bigint): string {
  return formatScaled(rate, 12).replace(/\.?0+$/, '');
}

/**
 * Micro-dollars credited for `sent` micro-units of a currency at `usdPrice` units per 1 USD:
 * sent ÷ usd_price, rounded down to the micro-dollar, so the broker never credits a fraction more
 * than arrived. At a rate of 1 the credit is the amount sent, to the micro-dollar. Null for a
 * rate that is not one.
 */
export function depositCredit(sent: bigint, usdPrice: string): bigint | null {
  const rate = parseUsdPrice(usdPrice);
  if (rate === null || sent < 0n) return null;
  return (sent * RATE_SCALE) / rate;
}
