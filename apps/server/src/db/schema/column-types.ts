/**
 * The column types the table interfaces share: how integers come back from either engine and
 * which columns may be left out of an insert.
 */
import type { ColumnType } from 'kysely';

/**
 * An integer column as the drivers return it: bigint from SQLite (safe integers are on, so no
 * money is ever rounded to a double), bigint or string from PostgreSQL int8, number from int4.
 * Repositories convert with `toInt`/`toBigInt` from values.ts; the types force them to.
 */
export type DbInt = ColumnType<number | bigint | string, number | bigint, number | bigint>;

/** An integer primary key the database assigns. */
export type DbId = ColumnType<number | bigint | string, number | bigint | undefined, never>;

/** An integer column that may be NULL. */
export type NullableInt = ColumnType<
  number | bigint | string | null,
  number | bigint | null | undefined,
  number | bigint | null
>;

/** An integer column with a database default: optional on insert. */
export type DefaultedInt = ColumnType<number | bigint | string, number | bigint | undefined, number | bigint>;

/** A text column with a database default: optional on insert. */
export type DefaultedText = ColumnType<string, string | undefined, string>;
