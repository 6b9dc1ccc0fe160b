/**
 * A query built and compiled once, then run with new values. Kysely builds and compiles a query
 * anew on every call, which for a lookup made on many requests (the session behind a token) costs
 * more than the database's own work. `build` gets placeholders where the values go; each call
 * runs the compiled SQL with the values in their places, so the text stays the same and the
 * database's prepared statement is reused too (database.ts).
 *
 *   const byEmail = reusableQuery(db, ([email]: [string]) =>
 *     db.selectFrom('users').selectAll().where('email', '=', email));
 *   const rows = await byEmail(['ana@example.com']);
 */
import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** Placeholders no caller would pass as a value. */
const placeholder = (index: number) => `\u0000reusable-query-value-${index}\u0000`;

export function reusableQuery<Values extends readonly unknown[], Row>(
  db: Kysely<Database>,
  arity: Values['length'],
  build: (values: Values) => Compilable<Row>,
): (values: Values) => Promise<Row[]> {
  const placeholders = Array.from({ length: arity }, (_, i) => placeholder(i));
  const compiled = build(placeholders as unknown as Values).compile();
  // Where each value goes among the compiled parameters; a value must be used exactly once.
  const positions = placeholders.map((marker) => {
    const found = compiled.parameters.flatMap((parameter, at) => (parameter === marker ? [at] : []));
    if (found.length !== 1) throw new Error(`a reusable query must use each value once (${found.length})`);
    return found[0]!;
  });
  return async (values) => {
    const parameters = [...compiled.parameters];
    positions.forEach((at, i) => (parameters[at] = values[i]));
    const query = CompiledQuery.raw(compiled.sql, parameters) as CompiledQuery<Row>;
    return (await db.executeQuery(query)).rows;
  };
}
