/**
 * Many rows of one table in as few statements as the databases allow: one multi-row INSERT (or
 * upsert) per chunk, its SQL text built once per table and row count and reused, so a batch of a
 * thousand closes costs a few statements instead of a query builder's work per row, and SQLite
 * finds the text in its prepared-statement cache (db/database.ts). The values go to the driver as
 * they are, exactly as the query builder passes them (bigint money included).
 *
 * The same text serves both databases but for the placeholders: `?` on SQLite, `$n` on PostgreSQL.
 * On PostgreSQL a statement that returns nothing takes each column as one array and inserts the
 * rows of `unnest` over them: a thousand closes are then a statement of 27 parameters, not of
 * 27,000, which the server parses and plans in a fraction of the time and the driver binds with
 * a string per column instead of a value message per parameter.
 */
import { CompiledQuery, type Kysely } from 'kysely';
import { isPostgres } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';

export interface RowsStatement<Column extends string> {
  table: string;
  columns: readonly Column[];
  /**
   * An upsert: on a clash of `key` (a column, or the columns of a composite key), these columns
   * take the new row's values; with none, the row already there is kept and the new one dropped.
   */
  onConflict?: { key: Column | readonly Column[]; update: readonly Column[] };
  /** Columns the statement returns (ids the database assigns). */
  returning?: readonly string[];
}

/**
 * Rows a statement of this many columns may carry: 400 keeps even the widest table (the orders,
 * 27 columns) far under SQLite's 32,766 and PostgreSQL's 65,535 parameters.
 */
export const ROWS_PER_STATEMENT = 400;

/** A full orders chunk's text is about 90 kB on PostgreSQL; this many per statement stays small. */
const TEXTS_KEPT_PER_STATEMENT = 64;

const texts = new WeakMap<RowsStatement<string>, Map<string, string>>();

const quoted = (name: string) => `"${name}"`;

function statementText(statement: RowsStatement<string>, rows: number, postgres: boolean): string {
  let byShape = texts.get(statement);
  if (!byShape) texts.set(statement, (byShape = new Map()));
  const shape = `${postgres ? 'pg' : 'sqlite'}:${rows}`;
  const cached = byShape.get(shape);
  if (cached) return cached;
  const width = statement.columns.length;
  const tuples: string[] = [];
  for (let row = 0; row < rows; row++) {
    const marks: string[] = [];
    for (let column = 0; column < width; column++)
      marks.push(postgres ? `$${row * width + column + 1}` : '?');
    tuples.push(`(${marks.join(', ')})`);
  }
  let text = `insert into ${quoted(statement.table)} (${statement.columns.map(quoted).join(', ')}) values ${tuples.join(', ')}`;
  text += conflictClause(statement);
  if (statement.returning) text += ` returning ${statement.returning.map(quoted).join(', ')}`;
  // Batches come in every size up to the chunk: keep the texts of the sizes seen lately, bounded.
  if (byShape.size >= TEXTS_KEPT_PER_STATEMENT) byShape.clear();
  byShape.set(shape, text);
  return text;
}

/** The conflict clause of an upsert, empty for a plain insert. */
function conflictClause(statement: RowsStatement<string>): string {
  const conflict = statement.onConflict;
  if (!conflict) return '';
  const key = (typeof conflict.key === 'string' ? [conflict.key] : conflict.key).map(quoted).join(', ');
  if (conflict.update.length === 0) return ` on conflict (${key}) do nothing`;
  return (
    ` on conflict (${key}) do update set ` +
    conflict.update.map((column) => `${quoted(column)} = excluded.${quoted(column)}`).join(', ')
  );
}

/** What runs a statement: a transaction, or the database itself for a statement that is its own. */
type Executor = Pick<Kysely<Database>, 'executeQuery' | 'getExecutor'>;

/**
 * PostgreSQL's type of each column of a table, read once from the catalogue for the arrays' casts
 * (the same migrations make the tables of every schema alike).
 */
const columnTypes = new Map<string, Promise<Map<string, string>>>();

function columnTypesOf(db: Executor, table: string): Promise<Map<string, string>> {
  let types = columnTypes.get(table);
  if (!types) {
    const query = CompiledQuery.raw(
      `select a.attname as name, format_type(a.atttypid, a.atttypmod) as type from pg_attribute a
       where a.attrelid = to_regclass($1) and a.attnum > 0 and not a.attisdropped`,
      [quoted(table)],
    );
    types = db
      .executeQuery<{ name: string; type: string }>(query)
      .then((result) => new Map(result.rows.map((row) => [row.name, row.type])));
    columnTypes.set(table, types);
    types.catch(() => columnTypes.delete(table));
  }
  return types;
}

/** One table's rows of a write. */
export interface RowsOf<Column extends string = string> {
  statement: RowsStatement<Column>;
  rows: ReadonlyArray<Readonly<Record<Column, unknown>>>;
}

/**
 * PostgreSQL: the text of one table's write over one array per column, its parameters numbered
 * from `first`, and those arrays.
 */
async function columnsWrite(
  db: Executor,
  { statement, rows }: RowsOf,
  first: number,
): Promise<{ text: string; arrays: unknown[][] }> {
  const types = await columnTypesOf(db, statement.table);
  const arrays = statement.columns.map((column) => rows.map((row) => row[column]));
  const casts = statement.columns.map((column, at) => {
    const type = types.get(column);
    if (!type) throw new Error(`${statement.table} has no column ${column}`);
    return `$${first + at}::${type}[]`;
  });
  const columns = statement.columns.map(quoted).join(', ');
  const text = `insert into ${quoted(statement.table)} (${columns}) select * from unnest(${casts.join(', ')})${conflictClause(statement)}`;
  return { text, arrays };
}

/**
 * PostgreSQL: every row of several tables in one statement, each table written by a
 * data-modifying part of its WITH clause (the last by the statement itself). A statement is one
 * round trip, and a round trip on a busy node waits for a turn of its event loop: a batch of
 * orders wrote its orders, ledger rows, balances and replies in four. The parts all see the
 * tables as they were before the statement, so each table appears once and no part may need
 * another's rows (none does: the batch's rows are all new values).
 */
async function writeColumnsTogether(db: Executor, writes: readonly RowsOf[]): Promise<void> {
  const parameters: unknown[][] = [];
  const texts: string[] = [];
  for (const write of writes) {
    const { text, arrays } = await columnsWrite(db, write, parameters.length + 1);
    texts.push(text);
    parameters.push(...arrays);
  }
  const last = texts.pop()!;
  const parts = texts.map((text, at) => `"write_${at}" as (${text})`);
  const text = parts.length > 0 ? `with ${parts.join(', ')} ${last}` : last;
  await db.executeQuery(CompiledQuery.raw(text, parameters));
}

/**
 * Several tables' rows (none returned) in as few round trips as the database allows: on
 * PostgreSQL one statement for all of them, which on its own is a transaction of its own (the
 * caller may pass the database itself, not a transaction, when nothing else must commit with
 * them); on SQLite, where a statement costs no round trip, one `writeRows` each. Each table may
 * appear once.
 */
export async function writeRowsTogether(db: Executor, writes: readonly RowsOf[]): Promise<void> {
  const nonEmpty = writes.filter((write) => write.rows.length > 0);
  if (nonEmpty.some((write) => write.statement.returning))
    throw new Error('writeRowsTogether answers no rows: write a statement that returns rows alone');
  if (isPostgres(db as unknown as Kysely<unknown>)) {
    if (nonEmpty.length > 0) await writeColumnsTogether(db, nonEmpty);
    return;
  }
  for (const { statement, rows } of nonEmpty) await writeRows(db, statement, rows);
}

/**
 * Writes the rows (each an object with every column of the statement) in chunks; answers the
 * returned rows of every chunk, in the order of the chunks.
 */
export async function writeRows<Column extends string, Returned = never>(
  trx: Executor,
  statement: RowsStatement<Column>,
  rows: ReadonlyArray<Readonly<Record<Column, unknown>>>,
): Promise<Returned[]> {
  const postgres = isPostgres(trx as unknown as Kysely<unknown>);
  // Returned ids are answered in the rows' order, which VALUES keeps by definition.
  if (postgres && !statement.returning) {
    if (rows.length > 0) await writeColumnsTogether(trx, [{ statement, rows }]);
    return [];
  }
  const returned: Returned[] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
    const parameters: unknown[] = [];
    for (const row of chunk) for (const column of statement.columns) parameters.push(row[column]);
    const text = statementText(statement, chunk.length, postgres);
    const result = await trx.executeQuery<Returned>(CompiledQuery.raw(text, parameters));
    returned.push(...result.rows);
  }
  return returned;
}
