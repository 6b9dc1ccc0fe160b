/**
 * "Contains" searches of the back office, alike on SQLite and PostgreSQL: the wildcards of LIKE
 * typed in a search are plain characters, and "any case" folds the same letters on both.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import { lowerCase } from '../db/case-folding.ts';

/** LIKE treats % and _ as wildcards: a search for "a_b" or "50%" means those characters. */
const likeContaining = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * `column` contains `text`, in the case typed. The escape character is named, as SQLite has none
 * by default and PostgreSQL's is the same backslash. SQLite's LIKE ignores the case of A–Z (not
 * of other letters) and PostgreSQL's does not: only for texts without letters (mobile numbers).
 */
export const contains = (column: Expression<unknown>, text: string) =>
  sql<SqlBool>`${column} like ${likeContaining(text)} escape '\\'`;

/** `column` contains `text` in any case: both lowered the same way (db/case-folding.ts). */
export const containsAnyCase = (column: Expression<unknown>, text: string) =>
  sql<SqlBool>`lower(${column}) like ${likeContaining(lowerCase(text))} escape '\\'`;
