/**
 * A database handle that counts what goes through it: transactions begun, and statements sent
 * through the handle itself (not those of a transaction it begins, nor the catalogue reads of the
 * column types bulk-rows.ts makes once per table and process). For tests of how many round trips
 * a unit of work takes.
 */
import type { CompiledQuery, Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.ts';

export function countingDatabase(db: Kysely<Database>): {
  db: Kysely<Database>;
  counts: { transactions: number; statements: number };
} {
  const counts = { transactions: 0, statements: 0 };
  const counting = new Proxy(db, {
    get(target, property) {
      if (property === 'transaction') counts.transactions += 1;
      if (property === 'executeQuery')
        return (query: CompiledQuery) => {
          if (!query.sql.includes('pg_attribute')) counts.statements += 1;
          return target.executeQuery(query);
        };
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { db: counting, counts };
}
