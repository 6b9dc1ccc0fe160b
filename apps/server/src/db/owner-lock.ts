/**
 * One server process owns the trading book of a database: it fills, stops out and settles from
 * memory, so a second process on the same data would fire every trigger twice. The lock makes the
 * second one refuse to start, with a message saying why, instead of double-paying silently.
 *
 * PostgreSQL: a session advisory lock on a dedicated connection, keyed by the schema, released by
 * the server when the connection ends (also when the process dies). SQLite: a lock file beside the
 * database holding the owner's pid; a file left by a dead process is taken over. On a cluster
 * (PostgreSQL and Redis) the lease of cluster/book-lease.ts takes this lock's place.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import pg from 'pg';

export class OwnerLockError extends Error {}

export interface OwnerLock {
  release(): Promise<void>;
}

export async function lockPostgresOwner(url: string, schema: string | undefined): Promise<OwnerLock> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // A lost connection would silently drop the lock; nothing else uses this client, so log nothing
  // here and let the pool's own errors surface. The error handler keeps the process alive.
  client.on('error', () => undefined);
  const key = `trading-book:${schema ?? 'public'}`;
  const { rows } = await client.query<{ locked: boolean }>(
    'SELECT pg_try_advisory_lock(hashtext($1)) AS locked',
    [key],
  );
  if (!rows[0]?.locked) {
    await client.end();
    throw new OwnerLockError(
      `another server process already runs the trading book on this database (schema ${schema ?? 'public'}); ` +
        'only one may run without REDIS_URL (with Redis, the nodes elect the owner of the book)',
    );
  }
  return { release: () => client.end() };
}

/** Lock files this process holds, so a second runtime in the same process is refused too. */
const heldHere = new Set<string>();

export function lockFileOwner(lockPath: string): OwnerLock {
  const pid = process.pid;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(pid));
      closeSync(fd);
      heldHere.add(lockPath);
      return {
        release: async () => {
          heldHere.delete(lockPath);
          if (readOwner(lockPath) === pid) rmSync(lockPath, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(lockPath);
      const ownedElsewhere = owner !== undefined && owner !== pid && isAlive(owner);
      if (ownedElsewhere || heldHere.has(lockPath)) {
        throw new OwnerLockError(
          `another server process (pid ${owner ?? pid}) already runs the trading book on ${lockPath.replace(/\.owner$/, '')}; ` +
            'stop it first',
        );
      }
      // Left by a process that is gone (or by this one before a restart): take it over.
      rmSync(lockPath, { force: true });
    }
  }
  throw new OwnerLockError(`could not take the lock file ${lockPath}`);
}

function readOwner(lockPath: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
