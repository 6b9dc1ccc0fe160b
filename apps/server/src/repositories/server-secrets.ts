/** Secrets the server makes once and shares between its nodes through the database. */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * The secret called `name`, made by `make` (32 random bytes, hex, unless told) the first time any
 * node asks. Two nodes starting together both try to insert; the primary key keeps the first and
 * both read it back, so every node of a cluster ends up with the same value.
 */
export async function serverSecret(
  db: Kysely<Database>,
  name: string,
  make: () => string = () => randomBytes(32).toString('hex'),
): Promise<string> {
  await db
    .insertInto('server_secrets')
    .values({ name, value: make() })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}
