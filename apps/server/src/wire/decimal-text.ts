/** Exact decimal text for the back office: no float on the way, no trailing zeros ("0.75", "1250.125"). */
import { formatMicros, formatScaled } from '@omp/engine';

const trimmed = (text: string) => (text.includes('.') ? text.replace(/\.?0+$/, '') : text);

/** Micro-dollars as USD text. */
export const usdText = (micros: bigint) => trimmed(formatMicros(micros));

/** Micro-units of another currency (a deposit's EUR, USDT…) as its text. */
export const currencyText = (micros: bigint) => trimmed(formatMicros(micros));

/** A scaled integer (lots at 10^-8, basis points at 10^-2) as decimal text. */
export const scaledText = (value: bigint, scale: number) => trimmed(formatScaled(value, scale));
