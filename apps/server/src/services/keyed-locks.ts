/**
 * The port behind every counted limit whose check and record must not interleave: "count the rows,
 * then insert one" is only a limit when no other request of the same key counts in between, on
 * this node or another. `locks.withLock('upload:user:7', work)` runs `work` while no other holder
 * of that key, anywhere in the installation, runs theirs.
 *
 * On one node the locks are promise queues in memory (below); on a cluster (REDIS_URL) they are
 * Redis keys that every node takes (adapters/redis/redis-keyed-locks.ts). Both pass the same
 * contract suite (keyed-locks.contract.test.ts).
 *
 * A lock is meant for the few milliseconds of a count and an insert, never for slow work: a caller
 * that waits longer than the bound is refused as rate limited (the key is being flooded) instead of
 * hanging, and the queue it left goes on.
 */
import { ResponseCode } from '@omp/protocol';
import { DomainError } from '../domain/errors.ts';

export interface KeyedLocks {
  /**
   * Runs `work` holding the lock of `key`, and releases it however `work` ends. Refuses with
   * `lockBusy()` when the lock stays taken for longer than the wait bound.
   */
  withLock<T>(key: string, work: () => Promise<T>): Promise<T>;
}

/** How long a caller waits for a lock before it is refused; far above any honest wait. */
export const LOCK_WAIT_MS = 10_000;

/** Waited for too long: others of the same key hold it (a flood); nothing was done. HTTP 429. */
export const lockBusy = () => new DomainError(ResponseCode.rateLimited, 'rate_limited');

/**
 * The locks cannot be taken (Redis does not answer): the limit cannot be checked, so nothing is done
 * rather than let a flood through unlimited. The envelope says nothing was changed, try again.
 */
export const locksUnavailable = () => new DomainError(ResponseCode.internal, 'internal_error');

/**
 * Holds several keys at once, taken in sorted order: two callers wanting the same two keys take them
 * in the same order, so neither can hold one while waiting for the other's.
 */
export function withLocks<T>(locks: KeyedLocks, keys: readonly string[], work: () => Promise<T>) {
  const ordered = [...new Set(keys)].sort();
  const nest = (index: number): Promise<T> =>
    index === ordered.length ? work() : locks.withLock(ordered[index]!, () => nest(index + 1));
  return nest(0);
}

/** Releases a lock once; calling it again does nothing. */
export type Release = () => void;

interface Waiter {
  grant(): void;
}

/**
 * One process: a key is held while it is in the map, with the callers waiting for it in order.
 * The last holder to leave removes the key, so the map holds only keys in use.
 */
export class InProcessKeyedLocks implements KeyedLocks {
  private readonly waiting = new Map<string, Waiter[]>();
  private readonly waitMs: number;

  constructor(options: { waitMs?: number } = {}) {
    this.waitMs = options.waitMs ?? LOCK_WAIT_MS;
  }

  async withLock<T>(key: string, work: () => Promise<T>): Promise<T> {
    const release = await this.acquire(key, this.waitMs);
    try {
      return await work();
    } finally {
      release();
    }
  }

  /** Takes `key`, waiting in line at most `waitMs`; the Redis locks queue here first. */
  acquire(key: string, waitMs: number): Promise<Release> {
    const queue = this.waiting.get(key);
    if (!queue) {
      this.waiting.set(key, []);
      return Promise.resolve(this.releaser(key));
    }
    return new Promise<Release>((resolve, reject) => {
      const waiter: Waiter = {
        grant: () => {
          clearTimeout(timer);
          resolve(this.releaser(key));
        },
      };
      const timer = setTimeout(() => {
        queue.splice(queue.indexOf(waiter), 1);
        reject(lockBusy());
      }, waitMs);
      queue.push(waiter);
    });
  }

  /** How many keys are held (tests: the map must not grow once work has ended). */
  get size(): number {
    return this.waiting.size;
  }

  private releaser(key: string): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const queue = this.waiting.get(key)!;
      const next = queue.shift();
      if (next) next.grant();
      else this.waiting.delete(key);
    };
  }
}
