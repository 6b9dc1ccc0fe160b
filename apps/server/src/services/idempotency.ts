/**
 * Idempotency of money-changing calls: a retry with the same `Idempotency-Key` gets the first
 * answer and changes nothing, and nothing else ever gets that answer.
 *
 * A key belongs to one user and one operation, and remembers a fingerprint of the request it was
 * first used for (method, operation and the canonical validated body). The same key with another
 * body, or on another operation, is refused (code 422), also while the first request is still
 * running, because answering it with the first request's reply would hand out a result (even a
 * record) that was never asked for.
 *
 * The reply is stored as JSON in the same transaction as the change it answers (the unit of work
 * writes `IdempotentRecord`), so an acknowledged change always has its reply, and a replay answers
 * exactly what the first request answered, not the record's state now.
 *
 * Example: POST /v1/api/forex/submit with key "k1" and {forex_id: 1, cont: 1} places an order and
 * stores its row; the same call again answers that row; "k1" with {cont: 2}, or "k1" on
 * /api/account/draw, is refused with `idempotency_key_reused`.
 */
import { hash } from 'node:crypto';
import { invalid } from '../domain/errors.ts';
import { isUniqueViolation } from '../repositories/unit-of-work.ts';

export interface IdempotentRequest {
  userId: number;
  key: string;
  /** The operation the key is used for: 'submit', 'close', 'withdraw', … */
  operation: string;
  /** `requestFingerprint()` of the request. */
  fingerprint: string;
}

/** What a unit of work stores, in its own transaction, beside the change it answers. */
export interface IdempotentRecord extends IdempotentRequest {
  /** The answer's data as JSON. */
  response: string;
}

export interface StoredReply {
  operation: string;
  /** Null on keys stored before fingerprints existed: those match on the operation alone. */
  fingerprint: string | null;
  response: string;
}

/** JSON with object keys sorted at every depth, so equal bodies give equal text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, field: unknown) => {
    if (typeof field === 'bigint') return field.toString();
    if (field === null || typeof field !== 'object' || Array.isArray(field)) return field;
    const sorted: Record<string, unknown> = {};
    for (const name of Object.keys(field).sort()) sorted[name] = (field as Record<string, unknown>)[name];
    return sorted;
  });
}

/** SHA-256 (hex) of the method, the operation and the canonical body. */
export function requestFingerprint(method: string, operation: string, body: unknown): string {
  return hash('sha256', canonicalJson([method.toUpperCase(), operation, body ?? null]), 'hex');
}

export const recordOf = (request: IdempotentRequest, reply: unknown): IdempotentRecord => ({
  ...request,
  response: JSON.stringify(reply ?? null),
});

interface Running {
  operation: string;
  fingerprint: string;
  reply: Promise<unknown>;
}

export class IdempotencyGuard {
  private readonly find: (userId: number, key: string) => Promise<StoredReply | undefined>;
  /** Requests under way by user and key. WARNING: per process; the stored key's primary key is what holds across processes. */
  private readonly running = new Map<string, Running>();

  constructor(find: (userId: number, key: string) => Promise<StoredReply | undefined>) {
    this.find = find;
  }

  /**
   * Runs `work` once per key: the first request runs it and its unit of work stores the reply;
   * the same request again (while running or after) gets that reply; another request with the key
   * is refused. Without a key, `work` simply runs.
   */
  async run<T>(
    request: IdempotentRequest | undefined,
    work: (request: IdempotentRequest | undefined) => Promise<T>,
  ): Promise<T> {
    if (!request) return work(undefined);
    const slot = `${request.userId}:${request.key}`;
    const running = this.running.get(slot);
    if (running) {
      if (running.operation !== request.operation || running.fingerprint !== request.fingerprint)
        throw keyReused();
      return running.reply as Promise<T>;
    }
    const reply = (async () => {
      const stored = await this.find(request.userId, request.key);
      if (!stored) return this.runFirst(request, work);
      return replayOf<T>(stored, request);
    })();
    this.running.set(slot, { operation: request.operation, fingerprint: request.fingerprint, reply });
    try {
      return await reply;
    } finally {
      this.running.delete(slot);
    }
  }

  /**
   * The first request with a key runs `work`. Another node may store the key between the look-up
   * and the unit of work's insert (its own guard did not see this request): the insert then
   * clashes, the unit rolls back, and the stored reply answers as for any later request.
   */
  private async runFirst<T>(
    request: IdempotentRequest,
    work: (request: IdempotentRequest | undefined) => Promise<T>,
  ): Promise<T> {
    try {
      return await work(request);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const stored = await this.find(request.userId, request.key);
      if (!stored) throw error;
      return replayOf<T>(stored, request);
    }
  }
}

/** The stored reply for the same request; another request with the key is refused. */
function replayOf<T>(stored: StoredReply, request: IdempotentRequest): T {
  const sameRequest =
    stored.operation === request.operation &&
    (stored.fingerprint === null || stored.fingerprint === request.fingerprint);
  if (!sameRequest) throw keyReused();
  return JSON.parse(stored.response) as T;
}

const keyReused = () => invalid('idempotency_key_reused');
