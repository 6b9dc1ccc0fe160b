/**
 * Idempotency keys for the calls that change money (orders, closes, stops, deposits, withdrawals).
 *
 * Each tap gets a fresh random key, so two deliberate orders are two orders. But when a call ends
 * without a definitive answer (the network dropped, a gateway answered 502), the order may or may
 * not have been placed. The user's natural reaction is to tap again; that identical request then
 * carries the same key, and the server answers with the first outcome instead of placing a second
 * order. A definitive answer (success or a refusal) retires the key.
 *
 *   const keys = new IdempotencyKeys();
 *   await keys.send(JSON.stringify(body), (key) => api.post(url, body, { headers: { [IDEMPOTENCY_HEADER]: key } }));
 */
import { ApiError, NETWORK_ERROR_CODE } from './api.ts';

/** 128 random bits as hex; getRandomValues works on plain-http origins where randomUUID does not. */
export function randomKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Whether a failure leaves the outcome unknown (no envelope came back). */
export function isOutcomeUnknown(error: unknown): boolean {
  return error instanceof ApiError && error.code === NETWORK_ERROR_CODE;
}

export class IdempotencyKeys {
  private readonly unresolved = new Map<string, string>();
  private readonly newKey: () => string;

  constructor(newKey: () => string = randomKey) {
    this.newKey = newKey;
  }

  /** The key for a request: the unresolved one of the same request, else a new one. */
  keyFor(request: string): string {
    let key = this.unresolved.get(request);
    if (!key) {
      key = this.newKey();
      this.unresolved.set(request, key);
    }
    return key;
  }

  /** Sends with the request's key; keeps the key only when the outcome is unknown. */
  async send<T>(request: string, call: (key: string) => Promise<T>): Promise<T> {
    const key = this.keyFor(request);
    try {
      const result = await call(key);
      this.unresolved.delete(request);
      return result;
    } catch (error) {
      if (!isOutcomeUnknown(error)) this.unresolved.delete(request);
      throw error;
    }
  }
}
