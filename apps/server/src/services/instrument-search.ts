/**
 * What the instrument search compares: codes and names folded so that case, accents, spaces and
 * punctuation do not matter ("eur/us" finds EURUSD, "petrole" finds "Pétrole brut WTI"), in any
 * script ("黃金", "ビットコイン").
 */

/** Lower case, without diacritics and without anything but letters and digits. */
export function searchFold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * Whether a typed search finds an instrument known by these texts (code, display code, names).
 * An empty search (or one of punctuation only) finds everything.
 */
export function matchesSearch(search: string, texts: readonly (string | undefined)[]): boolean {
  const needle = searchFold(search);
  if (needle === '') return true;
  return texts.some((text) => text !== undefined && searchFold(text).includes(needle));
}
