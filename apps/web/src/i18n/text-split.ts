/**
 * A language table in two parts: the texts the first screen (the quote list and what shows over
 * it) can show, which load before the first render, and the rest, which load with the first other
 * screen. The locale files stay whole (locales.test.ts holds every language to every key); the
 * build cuts each in two along `FIRST_SCREEN_KEYS` (texts-split-plugin.ts).
 */

export type TextTree = { [key: string]: string | TextTree };
export type TextPart = 'first' | 'rest';

/**
 * Whether `key` (dotted, e.g. `quote.sell`) belongs to the first part: an entry names a key or a
 * whole subtree (`onboarding`), or, ending in `*`, every key that starts with it (`orders.tab_*`).
 */
export function isFirstScreenKey(key: string, entries: readonly string[]): boolean {
  return entries.some((entry) =>
    entry.endsWith('*') ? key.startsWith(entry.slice(0, -1)) : key === entry || key.startsWith(`${entry}.`),
  );
}

/** The keys of one part of `table`, in the table's shape; a subtree left empty is left out. */
export function textPart(table: TextTree, part: TextPart, entries: readonly string[], prefix = ''): TextTree {
  const out: TextTree = {};
  for (const [name, value] of Object.entries(table)) {
    const key = prefix ? `${prefix}.${name}` : name;
    if (typeof value === 'string') {
      if (isFirstScreenKey(key, entries) === (part === 'first')) out[name] = value;
    } else {
      const inner = textPart(value, part, entries, key);
      if (Object.keys(inner).length > 0) out[name] = inner;
    }
  }
  return out;
}
