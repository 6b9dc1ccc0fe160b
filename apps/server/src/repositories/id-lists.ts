/**
 * Reads keyed by many ids (a cascade's users, a book's accounts) as a few `in (…)` lists rather
 * than one query per id, each list well under either database's limit on parameters.
 */

/** Ids named in one `in (…)` list. */
export const IDS_PER_LIST = 500;

/** Runs `read` over `ids` in lists of IDS_PER_LIST and answers every row, list after list. */
export async function readInLists<T>(
  ids: readonly number[],
  read: (list: readonly number[]) => Promise<T[]>,
): Promise<T[]> {
  const rows: T[] = [];
  for (let start = 0; start < ids.length; start += IDS_PER_LIST)
    rows.push(...(await read(ids.slice(start, start + IDS_PER_LIST))));
  return rows;
}
