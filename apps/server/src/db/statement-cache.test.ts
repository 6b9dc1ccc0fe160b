/**
 * The prepared-statement cache of the embedded database: the same SQL text is prepared once, and
 * past the bound the text used longest ago is let go, not every statement at once.
 */
import type SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cachePreparedStatements } from './database.ts';

/** A database whose `prepare` counts what it was asked to prepare. */
function countingDatabase() {
  const prepared: string[] = [];
  const database = {
    prepare: (source: string) => {
      prepared.push(source);
      return { source } as unknown as SQLite.Statement;
    },
  } as Pick<SQLite.Database, 'prepare'>;
  return { database, prepared };
}

describe('prepared statements', () => {
  it('prepares the same text once and answers the same statement', () => {
    const { database, prepared } = countingDatabase();
    cachePreparedStatements(database, 3);
    const first = database.prepare('select 1');
    expect(database.prepare('select 1')).toBe(first);
    expect(prepared).toEqual(['select 1']);
  });

  it('keeps a statement used all along while many others come and go past the bound', () => {
    const { database, prepared } = countingDatabase();
    cachePreparedStatements(database, 3);
    for (let rows = 1; rows <= 50; rows++) {
      database.prepare('select balance from accounts where id = ?');
      database.prepare(`insert into ledger values ${'(?),'.repeat(rows)}`);
    }
    expect(prepared.filter((text) => text.startsWith('select balance'))).toHaveLength(1);
    expect(prepared.filter((text) => text.startsWith('insert'))).toHaveLength(50);
  });

  it('lets go of the text used longest ago once full', () => {
    const { database, prepared } = countingDatabase();
    cachePreparedStatements(database, 2);
    database.prepare('a');
    database.prepare('b');
    database.prepare('a'); // now b is the oldest
    database.prepare('c'); // b goes
    database.prepare('a');
    database.prepare('b');
    expect(prepared).toEqual(['a', 'b', 'c', 'b']);
  });
});
