import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_CODE } from './api.ts';
import { IdempotencyKeys, randomKey } from './idempotency.ts';

function keys() {
  let n = 0;
  return new IdempotencyKeys(() => `k${++n}`);
}

describe('idempotency keys', () => {
  it('gives every successful tap a fresh key', async () => {
    const k = keys();
    const seen: string[] = [];
    await k.send('buy 0.10', async (key) => seen.push(key));
    await k.send('buy 0.10', async (key) => seen.push(key));
    expect(seen).toEqual(['k1', 'k2']);
  });

  it('reuses the key of a request whose outcome is unknown, once', async () => {
    const k = keys();
    const seen: string[] = [];
    await expect(
      k.send('buy 0.10', async (key) => {
        seen.push(key);
        throw new ApiError('offline', NETWORK_ERROR_CODE, 0);
      }),
    ).rejects.toThrow('offline');
    // A different request meanwhile gets its own key.
    await k.send('sell 0.10', async (key) => seen.push(key));
    await k.send('buy 0.10', async (key) => seen.push(key));
    await k.send('buy 0.10', async (key) => seen.push(key));
    expect(seen).toEqual(['k1', 'k2', 'k1', 'k3']);
  });

  it('retires the key after a refusal: the server decided', async () => {
    const k = keys();
    const seen: string[] = [];
    await expect(
      k.send('buy 0.10', async (key) => {
        seen.push(key);
        throw new ApiError('Market closed', 0, 200);
      }),
    ).rejects.toThrow();
    await k.send('buy 0.10', async (key) => seen.push(key));
    expect(seen).toEqual(['k1', 'k2']);
  });

  it('makes 128-bit hex keys', () => {
    const a = randomKey();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(randomKey()).not.toBe(a);
  });
});
