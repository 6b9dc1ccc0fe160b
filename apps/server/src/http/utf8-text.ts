/**
 * Request text read from its bytes without losing what was sent. A byte that is not part of
 * well-formed UTF-8 (0xFF, a cut-short sequence like C3 28, an overlong form like C0 AF, a
 * surrogate encoded as ED A0 80) is never turned into U+FFFD, which Node's and the browsers'
 * decoders do: that stored a text other than the one sent, and made two different byte strings one
 * text (one key "already used" by another).
 *
 * Each such byte becomes instead a lone low surrogate, U+DC80 to U+DCFF (the byte's value plus
 * U+DC00, as Python's `surrogateescape` does): a code unit that no well-formed text holds, so the
 * rule every request part passes (`requestPartFault` in the protocol, http/text-guard.ts) refuses
 * the field that holds it as `field_broken_character`, by name, like a lone surrogate sent as a
 * JSON escape. A U+FFFD sent as its own bytes (EF BF BD) is a character like any other and passes.
 */

/** Well-formed UTF-8 decodes in one call; `fatal` makes the first ill-formed byte throw. */
const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * The text of well-formed UTF-8 (Unicode's table 3-7: no overlong form, no surrogate, nothing past
 * U+10FFFF), or undefined when the bytes are not.
 */
export function wellFormedText(bytes: Uint8Array): string | undefined {
  try {
    return strict.decode(bytes);
  } catch {
    return undefined;
  }
}

export const isWellFormedUtf8 = (bytes: Uint8Array) => wellFormedText(bytes) !== undefined;

/** The first byte of a sequence after a lead byte, when it is narrower than 80..BF (table 3-7). */
function secondByteRange(lead: number): [number, number] {
  if (lead === 0xe0) return [0xa0, 0xbf]; // below A0 would be an overlong form
  if (lead === 0xed) return [0x80, 0x9f]; // above 9F would be a surrogate
  if (lead === 0xf0) return [0x90, 0xbf]; // below 90 would be an overlong form
  if (lead === 0xf4) return [0x80, 0x8f]; // above 8F would be past U+10FFFF
  return [0x80, 0xbf];
}

/** How many bytes the well-formed sequence at `start` has, or 0 when none starts there. */
function sequenceLength(bytes: Uint8Array, start: number): number {
  const lead = bytes[start]!;
  if (lead < 0x80) return 1;
  const length =
    lead >= 0xc2 && lead <= 0xdf
      ? 2
      : lead >= 0xe0 && lead <= 0xef
        ? 3
        : lead >= 0xf0 && lead <= 0xf4
          ? 4
          : 0;
  if (length === 0 || start + length > bytes.length) return 0;
  const [low, high] = secondByteRange(lead);
  const second = bytes[start + 1]!;
  if (second < low || second > high) return 0;
  for (let i = 2; i < length; i++) {
    const next = bytes[start + i]!;
    if (next < 0x80 || next > 0xbf) return 0;
  }
  return length;
}

/** The code unit that stands for a byte of ill-formed UTF-8: a lone low surrogate. */
export const markOfByte = (byte: number) => String.fromCharCode(0xdc00 + byte);

/**
 * The text of UTF-8 bytes, each byte of an ill-formed sequence as its lone-surrogate mark. A
 * byte order mark is kept as a character, as Buffer#toString keeps it.
 */
export function decodeUtf8(bytes: Uint8Array): string {
  const whole = wellFormedText(bytes);
  if (whole !== undefined) return whole;
  // Ill-formed somewhere: walk it, decoding each well-formed run and marking each bad byte.
  let text = '';
  let runStart = 0;
  let at = 0;
  while (at < bytes.length) {
    const length = sequenceLength(bytes, at);
    if (length > 0) {
      at += length;
      continue;
    }
    text += strict.decode(bytes.subarray(runStart, at)) + markOfByte(bytes[at]!);
    at += 1;
    runStart = at;
  }
  return text + strict.decode(bytes.subarray(runStart));
}

const PLUS = 0x2b;
const PERCENT = 0x25;
const SPACE = 0x20;

const hexValue = (byte: number) =>
  byte >= 0x30 && byte <= 0x39
    ? byte - 0x30
    : byte >= 0x41 && byte <= 0x46
      ? byte - 0x37
      : byte >= 0x61 && byte <= 0x66
        ? byte - 0x57
        : -1;

/**
 * One name or value of a form or a query: `+` is a space, `%XX` is the byte XX, and the bytes are
 * then read as UTF-8, so `%FF` is marked like a raw 0xFF. A `%` not followed by two hex digits
 * stays as it is, as URLSearchParams keeps it.
 */
export function decodeFormComponent(bytes: Uint8Array): string {
  const out = new Uint8Array(bytes.length);
  let length = 0;
  for (let at = 0; at < bytes.length; at++) {
    const byte = bytes[at]!;
    if (byte === PLUS) out[length++] = SPACE;
    else if (
      byte === PERCENT &&
      at + 2 < bytes.length &&
      hexValue(bytes[at + 1]!) >= 0 &&
      hexValue(bytes[at + 2]!) >= 0
    ) {
      out[length++] = hexValue(bytes[at + 1]!) * 16 + hexValue(bytes[at + 2]!);
      at += 2;
    } else out[length++] = byte;
  }
  return decodeUtf8(out.subarray(0, length));
}

const AMPERSAND = 0x26;
const EQUALS = 0x3d;

/**
 * The name and value pairs of `application/x-www-form-urlencoded` bytes (a form body, or a query
 * string), in order: split on `&`, then on the first `=`; an empty pair is skipped, as
 * URLSearchParams does.
 */
export function* urlEncodedPairs(bytes: Uint8Array): Generator<[string, string]> {
  let start = 0;
  while (start <= bytes.length) {
    let end = bytes.indexOf(AMPERSAND, start);
    if (end === -1) end = bytes.length;
    if (end > start) {
      const pair = bytes.subarray(start, end);
      const equals = pair.indexOf(EQUALS);
      yield equals === -1
        ? [decodeFormComponent(pair), '']
        : [decodeFormComponent(pair.subarray(0, equals)), decodeFormComponent(pair.subarray(equals + 1))];
    }
    start = end + 1;
  }
}

/**
 * Pairs gathered as fields: a name given twice keeps every value (an array), as the schema then
 * decides. `fromEntries` defines own properties: a name `__proto__` stays a plain field.
 */
export function fieldsOfPairs(
  pairs: Iterable<[string, string]>,
  keep: (value: string) => boolean = () => true,
): Record<string, string | string[]> {
  const fields = new Map<string, string | string[]>();
  for (const [key, value] of pairs) {
    if (!keep(value)) continue;
    const earlier = fields.get(key);
    // Appended in place: a body repeating one name a hundred thousand times costs a pass, not a
    // copy of the list per value.
    if (earlier === undefined) fields.set(key, value);
    else if (Array.isArray(earlier)) earlier.push(value);
    else fields.set(key, [earlier, value]);
  }
  return Object.fromEntries(fields);
}

/**
 * Fastify's query-string parser: the query read like a form, every name and value kept (an empty
 * `?page=` is an absent page to the schemas). A URL reaches the server in ASCII (Node refuses any
 * other byte in it), so its escapes carry every other byte; text given directly (tests calling the
 * app in-process) is read as the UTF-8 it is.
 */
export function parseQueryString(query: string): Record<string, string | string[]> {
  return fieldsOfPairs(urlEncodedPairs(Buffer.from(query, 'utf8')));
}
