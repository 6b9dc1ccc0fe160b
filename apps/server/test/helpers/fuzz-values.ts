/**
 * The raw material of the API fuzz test: a seeded random source, a catalogue of hostile values,
 * plausible valid values read from a JSON schema, and the encoders that put either on the wire
 * (JSON, form, query string, multipart), including what JSON itself cannot say (NaN, -0, keys
 * named __proto__).
 */

/** A number in [0, 1); the same seed gives the same sequence on every machine (mulberry32). */
export type Rng = () => number;

export function seededRng(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;

/** Text written as is into a JSON body, a form or a query string: NaN, 1e400, a broken escape. */
export class Raw {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

/** An object whose own keys are the prototype-polluting names, as JSON.parse would build it. */
const prototypeKeys = () =>
  JSON.parse('{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}},"prototype":1}');

const nested = (depth: number): unknown => (depth === 0 ? 'deep' : { a: nested(depth - 1) });

const HUGE_TEXT = 'x'.repeat(100_000);

/** Values no field should accept as they are, or that probe the edges of those it does. */
export const HOSTILE_VALUES: readonly unknown[] = [
  // Texts: empty, huge, control characters, unicode oddities, numbers in disguise, injections.
  '',
  '   ',
  HUGE_TEXT,
  'é'.repeat(30_000),
  '\u0000',
  'a\u0000b',
  '\u0001\u0008\u001b[31m',
  '\u007f',
  // C1 controls: a line break to some viewers, the start of a terminal escape to others.
  'next\u0085line',
  '\u009b31m',
  'line\nbreak\r\n\ttab',
  '\ud800',
  'x\udfffy',
  '\u202eevil\u200f',
  '\ufeffbom',
  '😀👍🏽🇭🇰',
  'Ｆｕｌｌｗｉｄｔｈ',
  // Letters whose case or composition differs between readers: İ lowers to two characters in
  // JavaScript and to one in a database, é may come as one character or two, U+FFFE is no character.
  'İSTANBUL',
  'Straße',
  'e\u0301',
  'a\u200bb',
  '\ufffe\uffff',
  // Digits of other scripts: no number field may read them as 47.
  '٤٧',
  '４７',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e308',
  '1e-400',
  '9007199254740993',
  '99999999999999999999999999',
  ' 12 ',
  '12abc',
  '0x1A',
  '1_000',
  '1,5',
  '+1',
  '.5',
  "' OR '1'='1",
  '"; DROP TABLE users; --',
  '%00',
  '%s%n%x',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  '{{constructor.constructor("return 1")()}}',
  'null',
  'true',
  '[]',
  '{}',
  '__proto__',
  // Numbers: signs, fractions, the edges of 32-bit, 53-bit and 64-bit integers, the smallest float.
  0,
  -1,
  -0,
  0.5,
  1.5,
  -1.5,
  1e308,
  -1e308,
  5e-324,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 32,
  Number.MAX_SAFE_INTEGER,
  2 ** 53 + 2,
  -(2 ** 53) - 2,
  2 ** 63,
  2 ** 64,
  // Other types where a scalar is expected, and the reverse.
  true,
  false,
  null,
  [],
  [1],
  ['a', 'b'],
  [null],
  [[[]]],
  {},
  { a: 1 },
  { $gt: '' },
  { toString: 'x', valueOf: 1 },
  prototypeKeys(),
  nested(60),
  // What JSON cannot spell; in a form or a query string they are plain text.
  new Raw('NaN'),
  new Raw('Infinity'),
  new Raw('-Infinity'),
  new Raw('1e400'),
  new Raw('-0'),
  new Raw('00012'),
  new Raw('18446744073709551616'),
  new Raw('-9223372036854775809'),
  new Raw(`0.${'1'.repeat(30)}`),
  new Raw('"\\ud800"'),
  new Raw('"\\u0000"'),
  // Lists 20,000 deep: 40 kB of JSON, under the body limit, deeper than any recursive walk goes.
  new Raw('['.repeat(20_000) + ']'.repeat(20_000)),
];

/** A deep copy that keeps Raw values and own keys such as __proto__ (spreading would too; cloning would not). */
function copyOf(value: unknown): unknown {
  if (value instanceof Raw || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(copyOf);
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value))
    Object.defineProperty(copy, key, {
      value: copyOf(item),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return copy;
}

/** One of the hostile values, as a fresh copy: requests change the objects they carry. */
export const hostileValue = (rng: Rng): unknown => copyOf(pick(rng, HOSTILE_VALUES));

/** The smallest schema subset the OpenAPI document of this API uses. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
}

/**
 * A value the schema accepts, preferring the fixtures' values for a field of that name (ids of
 * records that exist), so a request with one hostile field travels as far as it can.
 */
export function validValue(
  rng: Rng,
  schema: JsonSchema,
  name: string,
  fixtures: Record<string, readonly unknown[]>,
): unknown {
  const known = fixtures[name];
  if (known) return pick(rng, known);
  if (schema.anyOf) return validValue(rng, schema.anyOf[schema.anyOf.length - 1]!, name, fixtures);
  if (schema.enum) return pick(rng, schema.enum);
  if (schema.default !== undefined) return schema.default;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return Math.min(Math.max(1, schema.minimum ?? 1), schema.maximum ?? 1);
    case 'string':
      if (schema.format === 'email') return 'fuzz@example.com';
      if (schema.pattern?.includes('\\d')) return '1';
      return 'a'.repeat(Math.min(Math.max(schema.minLength ?? 1, 1), 64));
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 1, 1) }, () =>
        validValue(rng, schema.items ?? {}, name, fixtures),
      );
    case 'object':
      return validObject(rng, schema, fixtures);
    default:
      return 'a';
  }
}

function validObject(rng: Rng, schema: JsonSchema, fixtures: Record<string, readonly unknown[]>) {
  const result: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(schema.properties ?? {}))
    if (schema.required?.includes(key) || rng() < 0.5) result[key] = validValue(rng, property, key, fixtures);
  // Records keyed by language (texts of an article, of the announcement).
  if (typeof schema.additionalProperties === 'object')
    result.en = validValue(rng, schema.additionalProperties, 'en', fixtures);
  return result;
}

/** JSON text of a value, writing Raw values verbatim and keeping own keys such as __proto__. */
export function jsonText(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (Object.is(value, -0)) return '-0';
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}:${jsonText(item)}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** A scalar as form or query text. */
const scalarText = (value: unknown): string =>
  value instanceof Raw ? value.text : Object.is(value, -0) ? '-0' : String(value);

/** Key/value pairs of a form or a query string: arrays repeat the key, objects nest as a[b]. */
export function formPairs(value: unknown, prefix = ''): Array<[string, string]> {
  if (value !== null && typeof value === 'object' && !(value instanceof Raw)) {
    const entries = Array.isArray(value) ? value.map((item) => ['', item] as const) : Object.entries(value);
    if (entries.length === 0) return prefix ? [[prefix, '']] : [];
    return entries.flatMap(([key, item]) =>
      formPairs(item, prefix ? (Array.isArray(value) ? prefix : `${prefix}[${key}]`) : key),
    );
  }
  return [[prefix || 'value', scalarText(value)]];
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Percent-encoding as a browser does it: a lone surrogate goes as U+FFFD (encodeURIComponent throws). */
export const encodeText = (text: string) => encodeURIComponent(text.replace(LONE_SURROGATE, '\ufffd'));

/** Percent-encoded pairs; Raw values go unencoded, so broken escapes such as %E0%A4%A arrive. */
export function encodePairs(value: unknown): string {
  if (value instanceof Raw) return value.text;
  return formPairs(value)
    .map(([key, text]) => `${encodeText(key)}=${encodeText(text)}`)
    .join('&');
}

/** A multipart body of text fields and files; `truncate` cuts it before its closing boundary. */
export function multipartBody(
  boundary: string,
  fields: Array<[string, string]>,
  files: Array<{ field: string; bytes: Buffer; type: string }>,
  truncate = false,
): Buffer {
  const parts: Buffer[] = [];
  for (const [name, text] of fields)
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${text}\r\n`),
    );
  for (const file of files)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="f.png"\r\n` +
          `Content-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  const whole = Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]);
  return truncate ? whole.subarray(0, Math.max(1, Math.floor(whole.length * 0.6))) : whole;
}
