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
export function lowerCase(text: string): string {
  let folded = '';
  for (const character of text) folded += String.fromCodePoint(character.toLowerCase().codePointAt(0)!);
  return folded;
}

/** SQLite's lower() over any value it may be given: NULL stays NULL, numbers are read as text. */
export const sqliteLower = (value: unknown): string | null =>
  value === null || value === undefined ? null : lowerCase(String(value));
