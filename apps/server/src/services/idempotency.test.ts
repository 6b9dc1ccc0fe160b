import { describe, expect, it } from 'vitest';
import { DomainError } from '../domain/errors.ts';
import {
  canonicalJson,
  IdempotencyGuard,
  recordOf,
  requestFingerprint,
  type IdempotentRequest,
  type StoredReply,
} from './idempotency.ts';

/** A store of replies as a unit of work writes them, with a gate to hold the first request open. */
function harness() {
  const stored = new Map<string, StoredReply>();
  const guard = new IdempotencyGuard(async (userId, key) => stored.get(`${userId}:${key}`));
  let runs = 0;
  const work =
    (reply: unknown, gate?: Promise<void>) =>
    async (request: IdempotentRequest | undefined): Promise<unknown> => {
      runs += 1;
      await gate;
      if (request) {
        const record = recordOf(request, reply);
        stored.set(`${request.userId}:${request.key}`, { ...record, fingerprint: record.fingerprint });
      }
      return reply;
    };
  return { guard, work, runs: () => runs, stored };
}

const request = (userId: number, key: string, operation: string, body: unknown): IdempotentRequest => ({
  userId,
  key,
  operation,
  fingerprint: requestFingerprint('POST', operation, body),
});

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => (error instanceof DomainError ? error.messageKey : String(error)),
  );

describe('canonicalJson and requestFingerprint', () => {
  it('ignores the order of keys at every depth, but not values, arrays or the operation', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe('{"a":{"c":null,"d":[2,1]},"b":1}');
    expect(requestFingerprint('post', 'submit', { a: 1, b: 2 })).toBe(
      requestFingerprint('POST', 'submit', { b: 2, a: 1 }),
    );
    expect(requestFingerprint('POST', 'submit', { a: 1 })).not.toBe(
      requestFingerprint('POST', 'submit', { a: 2 }),
    );
    expect(requestFingerprint('POST', 'submit', { a: 1 })).not.toBe(
      requestFingerprint('POST', 'close', { a: 1 }),
    );
    expect(requestFingerprint('POST', 'submit', { a: [1, 2] })).not.toBe(
      requestFingerprint('POST', 'submit', { a: [2, 1] }),
    );
    expect(canonicalJson({ amount: 5n })).toBe('{"amount":"5"}');
  });
});

describe('IdempotencyGuard', () => {
  it('runs a request once and replays its stored reply, not a newer state', async () => {
    const h = harness();
    const first = request(1, 'k', 'submit', { cont: 1 });
    expect(await h.guard.run(first, h.work({ id: 7, status: 1 }))).toEqual({ id: 7, status: 1 });
    expect(await h.guard.run(first, h.work({ id: 7, status: 3 }))).toEqual({ id: 7, status: 1 });
    expect(h.runs()).toBe(1);
  });

  it('refuses the key with another body or on another operation, after and during the first run', async () => {
    const h = harness();
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const first = h.guard.run(request(1, 'k', 'withdraw', { number: '10' }), h.work({ id: 1 }, gate));
    const during = await Promise.all([
      refusal(h.guard.run(request(1, 'k', 'withdraw', { number: '11' }), h.work({ id: 2 }))),
      refusal(h.guard.run(request(1, 'k', 'deposit_crypto', { number: '10' }), h.work({ id: 3 }))),
    ]);
    expect(during).toEqual(['idempotency_key_reused', 'idempotency_key_reused']);
    const same = h.guard.run(request(1, 'k', 'withdraw', { number: '10' }), h.work({ id: 4 }));
    open();
    expect(await first).toEqual({ id: 1 });
    expect(await same).toEqual({ id: 1 });
    expect(await refusal(h.guard.run(request(1, 'k', 'withdraw', { number: '11' }), h.work({ id: 5 })))).toBe(
      'idempotency_key_reused',
    );
    expect(await refusal(h.guard.run(request(1, 'k', 'close', { number: '10' }), h.work({ id: 6 })))).toBe(
      'idempotency_key_reused',
    );
    expect(h.runs()).toBe(1);
  });

  it('keeps keys of different users apart', async () => {
    const h = harness();
    expect(await h.guard.run(request(1, 'k', 'submit', { cont: 1 }), h.work('one'))).toBe('one');
    expect(await h.guard.run(request(2, 'k', 'submit', { cont: 2 }), h.work('two'))).toBe('two');
    expect(h.runs()).toBe(2);
  });

  it('lets a refused first request be tried again, and matches old keys by their operation', async () => {
    const h = harness();
    const failing = async () => {
      throw new DomainError(0, 'order.market_closed');
    };
    const key = request(1, 'k', 'submit', { cont: 1 });
    expect(await refusal(h.guard.run(key, failing))).toBe('order.market_closed');
    expect(await h.guard.run(key, h.work('placed'))).toBe('placed');
    h.stored.set('1:old', { operation: 'submit', fingerprint: null, response: '"legacy"' });
    expect(await h.guard.run(request(1, 'old', 'submit', { cont: 9 }), h.work('new'))).toBe('legacy');
    expect(await refusal(h.guard.run(request(1, 'old', 'close', {}), h.work('new')))).toBe(
      'idempotency_key_reused',
    );
  });

  it('runs without a key every time', async () => {
    const h = harness();
    await h.guard.run(undefined, h.work(1));
    await h.guard.run(undefined, h.work(1));
    expect(h.runs()).toBe(2);
  });
});
