/** Conversions of integer columns (see DbInt in schema.ts). */

export function toInt(value: number | bigint | string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n))
    throw new RangeError(`integer column value out of safe range: ${String(value)}`);
  return n;
}

export function toBigInt(value: number | bigint | string): bigint {
  return typeof value === 'bigint' ? value : BigInt(value);
}

/**
 * A row with its integer columns as numbers and its money columns (`Big`) as bigints: what
 * repositories hand to services, so nothing above them converts driver values.
 */
export type Decoded<Row, Big extends keyof Row = never> = {
  [K in keyof Row]: K extends Big
    ? bigint
    : bigint extends Row[K]
      ? null extends Row[K]
        ? number | null
        : number
      : Row[K];
};

/**
 * Decodes a row as the drivers return it: integer columns arrive as number or bigint on both
 * engines (PostgreSQL int8 is parsed to bigint in database.ts), text stays text.
 */
export function decodeRow<Row extends object, Big extends keyof Row = never>(
  row: Row,
  big: readonly Big[] = [],
): Decoded<Row, Big> {
  const decoded: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (big.includes(key as Big)) decoded[key] = toBigInt(value as number | bigint | string);
    else decoded[key] = typeof value === 'bigint' || typeof value === 'number' ? toInt(value) : value;
  }
  return decoded as Decoded<Row, Big>;
}
