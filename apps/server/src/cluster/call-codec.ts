/**
 * The JSON of calls between nodes (book-calls.ts). Money is bigint micro-dollars, which JSON cannot
 * carry, so a bigint travels as `{"$bigint": "<decimal>"}` and comes back a bigint: an amount
 * crosses nodes exactly, and a field that was a number stays a number.
 */
const TAG = '$bigint';

export function encodeCall(value: unknown): string {
  return JSON.stringify(value, (_key, field: unknown) =>
    typeof field === 'bigint' ? { [TAG]: field.toString() } : field,
  );
}

export function decodeCall(text: string): unknown {
  return JSON.parse(text, (_key, field: unknown) => {
    if (field !== null && typeof field === 'object' && !Array.isArray(field)) {
      const keys = Object.keys(field);
      const tagged = (field as Record<string, unknown>)[TAG];
      if (keys.length === 1 && typeof tagged === 'string' && /^-?\d+$/.test(tagged)) return BigInt(tagged);
    }
    return field;
  });
}
