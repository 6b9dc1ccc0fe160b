/** Amounts as the money calls take them, checked once for deposits and withdrawals alike. */
import { parseMicros } from '@omp/engine';
import { invalid } from '../domain/errors.ts';

/**
 * An amount in micro-units (of USD, or of a deposit's currency): positive, at most 6 decimals, at
 * most 10^9.
 */
export function amountOf(text: string, field = 'number'): bigint {
  const micros = parseMicros(text);
  if (micros === null) throw invalid('money.amount_precision', { field });
  if (micros <= 0n) throw invalid('field_too_small', { field, min: '0.000001' });
  if (micros > 1_000_000_000_000_000n) throw invalid('field_too_big', { field, max: '1000000000' });
  return micros;
}
