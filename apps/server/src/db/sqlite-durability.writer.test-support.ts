/**
 * The writer the kill -9 test runs as a child process: eight loops write rows in transactions on
 * the embedded database and print each row's id once its transaction is acknowledged, until the
 * test kills the process.
 */
import { sql } from 'kysely';
import { openDatabase } from './database.ts';

const file = process.argv[2];
if (!file) throw new Error('usage: writer <database file>');
const { db } = openDatabase({ sqlitePath: file });
await sql`create table if not exists entries (id integer primary key, note text not null)`.execute(db);

let next = 1;
async function loop(): Promise<never> {
  for (;;) {
    const id = next++;
    await db.transaction().execute(async (trx) => {
      await sql`insert into entries (id, note) values (${id}, ${'acknowledged '.repeat(20)})`.execute(trx);
    });
    process.stdout.write(`${id}\n`);
  }
}
await Promise.all(Array.from({ length: 8 }, loop));
