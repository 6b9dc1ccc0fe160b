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
