/**
 * Lower case as both databases write it, so a search "in any case" finds the same rows on each.
 *
 * PostgreSQL's lower() maps each character on its own by the database's UTF-8 character type
 * (Unicode's simple mapping: `Ä` → `ä`, `İ` → `i`); SQLite's built-in lower() maps only A–Z, so
 * `ÄRGER` was found on one database and not on the other. SQLite's connection is given this
 * function as its lower() (database.ts), and the search text is folded by it too.
 *
 * Character by character, never JavaScript's whole-text toLowerCase(): that one writes `İ` as two
 * characters and a final `Σ` as `ς`, which no database does.
 */
// eslint-disable-next-line no-control-regex -- the whole ASCII range, control characters included
const ASCII_ONLY = /^[\x00-\x7f]*$/;

export function lowerCase(text: string): string {
  // SQLite calls this for every row a search reads: most texts (e-mail addresses) are ASCII, where
  // the whole-text lower case is the same letter by letter and takes half the time at 100,000 rows.
  if (ASCII_ONLY.test(text)) return text.toLowerCase();
  let folded = '';
  for (const character of text) folded += String.fromCodePoint(character.toLowerCase().codePointAt(0)!);
  return folded;
}

/** SQLite's lower() over any value it may be given: NULL stays NULL, numbers are read as text. */
export const sqliteLower = (value: unknown): string | null =>
  value === null || value === undefined ? null : lowerCase(String(value));
