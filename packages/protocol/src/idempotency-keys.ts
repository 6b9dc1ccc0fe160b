/**
 * Idempotency keys for calls that change money, shared by the phone app and the back office.
 *
 * Each deliberate action gets a fresh random key, so two deliberate credits are two credits. But
 * when a call ends without a definitive answer (the network dropped, a gateway answered 502), the
 * change may or may not have been made. The natural reaction is to try again; that identical
 * request then carries the same key, and the server answers with the first outcome instead of
 * making the change twice. A definitive answer (success or a refusal) retires the key.
 *
 *   const keys = new IdempotencyKeys(isOutcomeUnknown);
 *   await keys.send(JSON.stringify(body), (key) => post(url, body, { [IDEMPOTENCY_HEADER]: key }));
 */

/** The Web Crypto of browsers and Node alike (this package is typed without the DOM's types). */
const webCrypto = () =>
  (globalThis as unknown as { crypto: { getRandomValues(bytes: Uint8Array): Uint8Array } }).crypto;

/** 128 random bits as hex; getRandomValues works on plain-http origins where randomUUID does not. */
export function randomKey(): string {
  const bytes = new Uint8Array(16);
  webCrypto().getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export class IdempotencyKeys {
  private readonly unresolved = new Map<string, string>();
  private readonly outcomeUnknown: (error: unknown) => boolean;
  private readonly newKey: () => string;

  /** `outcomeUnknown` tells a failure without a definitive answer (no envelope came back). */
  constructor(outcomeUnknown: (error: unknown) => boolean, newKey: () => string = randomKey) {
    this.outcomeUnknown = outcomeUnknown;
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
      if (!this.outcomeUnknown(error)) this.unresolved.delete(request);
      throw error;
    }
  }
}
