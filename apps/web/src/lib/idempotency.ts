/**
 * Idempotency keys for the calls that change money (orders, closes, stops, deposits, withdrawals):
 * the shared key store (@omp/protocol idempotency-keys.ts) with this app's notion of an unknown
 * outcome, a call that came back without an envelope.
 *
 *   const keys = new IdempotencyKeys();
 *   await keys.send(JSON.stringify(body), (key) => api.post(url, body, { headers: { [IDEMPOTENCY_HEADER]: key } }));
 */
import { IdempotencyKeys as SharedIdempotencyKeys, randomKey } from '@omp/protocol';
import { ApiError, NETWORK_ERROR_CODE } from './api.ts';

export { randomKey };

/** Whether a failure leaves the outcome unknown (no envelope came back). */
export function isOutcomeUnknown(error: unknown): boolean {
  return error instanceof ApiError && error.code === NETWORK_ERROR_CODE;
}

export class IdempotencyKeys extends SharedIdempotencyKeys {
  constructor(newKey: () => string = randomKey) {
    super(isOutcomeUnknown, newKey);
  }
}
