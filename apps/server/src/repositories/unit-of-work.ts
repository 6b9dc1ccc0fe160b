/**
 * The database as the services see it: a handle on which a service opens its unit of work, and
 * the transaction a unit of work passes to the repositories it calls. Services name these types
 * and never the schema itself, which only repositories read.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
/** Either: a read that may run inside a unit of work or on its own. */
export type DbOrTx = Db | Tx;

export { isUniqueViolation } from '../db/errors.ts';
