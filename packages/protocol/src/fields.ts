/**
 * Field rules the request schemas share, so a number, a text or a page is checked, and its
 * refusal worded, the same way on every call.
 */
import { z } from 'zod';

/**
 * A whole number as JSON sends it (`47`) or as a form, a query or a path does (`"47"`): digits only,
 * with a minus sign where the field may be below zero. Anything else is refused, never read as a
 * number: JavaScript's Number() turns null, true, [], [47], "0x2f", "0b101111", "4.7e1" and " 47 "
 * into numbers, so an order could open on an instrument nobody named or a safety setting could be
 * saved as 0 (off).
 */
const WHOLE_NUMBER_TEXT = /^-?\d+$/;

/** The words of the refusal when a value is not a whole number; `field_whole_number` in each language. */
const notWholeNumber = (name: string) => `${name} must be a whole number written in digits, such as 12`;

/**
 * A whole number from `min` to `max`, named in each refusal ("page must be at least 1"). Required:
 * an empty text is an absent field (docs/CONTRACT.md "Form rules"), refused as missing. Use
 * optionalWholeNumber or wholeNumberOr for a field that may be absent, never `.optional()` or
 * `.default()` on this one: those would not see an empty text as absent. `tooBig` words the refusal
 * of a number above `max` where the range has a meaning ("type must be 1 (buy) or 2 (sell)").
 */
export const wholeNumber = (
  name: string,
  min: number,
  max: number = Number.MAX_SAFE_INTEGER,
  tooBig = `${name} must be at most ${max}`,
) =>
  z.preprocess(
    (value, ctx) => {
      if (value === undefined || value === '') return undefined;
      if (typeof value === 'number' && Number.isInteger(value)) return value;
      if (typeof value === 'string' && WHOLE_NUMBER_TEXT.test(value)) return Number(value);
      ctx.addIssue({
        code: 'custom',
        message: notWholeNumber(name),
        params: { messageKey: 'field_whole_number' },
        input: value,
      });
      return z.NEVER;
    },
    z
      .number({ error: () => notWholeNumber(name) })
      .int({ error: () => notWholeNumber(name) })
      .min(min, { error: () => `${name} must be at least ${min}` })
      .max(max, { error: () => tooBig }),
  );

/**
 * An empty text read as an absent field before an optional or defaulted schema sees it: `.optional()`
 * only lets `undefined` through, and a query's `?status=` or a JSON `"status": ""` is "".
 */
const blankIsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema);

/**
 * The fields of a change whose empty text is a field not given (docs/CONTRACT.md "Form rules"), as
 * a form body's empty field already is: each optional, and `""` skipped before its own rule sees
 * it, so `{"stale_quote_s": ""}` leaves that setting as it is instead of being refused as missing.
 * Not for a field whose empty text is a value of its own (an address cleared to none).
 */
export const blankSkippingFields = <T extends Record<string, z.ZodType>>(shape: T) =>
  Object.fromEntries(
    Object.entries(shape).map(([name, schema]) => [name, blankIsAbsent(schema.optional())]),
  ) as { [K in keyof T]: z.ZodPipe<z.ZodTransform, z.ZodOptional<T[K]>> };

/** A whole number that may be absent (or empty): then undefined. */
export const optionalWholeNumber = (name: string, min: number, max?: number) =>
  // eslint-disable-next-line no-restricted-syntax -- blankIsAbsent reads the empty field first
  blankIsAbsent(wholeNumber(name, min, max).optional());

/** A whole number that is `fallback` when absent (or empty). */
export const wholeNumberOr = (name: string, fallback: number, min: number, max?: number) =>
  // eslint-disable-next-line no-restricted-syntax -- blankIsAbsent reads the empty field first
  blankIsAbsent(wholeNumber(name, min, max).default(fallback));

/**
 * The largest number an `integer` column holds on PostgreSQL (SQLite's hold any): the bound of a
 * field stored in one, so both databases refuse the same numbers instead of one storing what the
 * other cannot.
 */
export const INTEGER_COLUMN_MAX = 2_147_483_647;

/**
 * The id of an instrument or a category, whose key is an `integer` column: PostgreSQL refuses to
 * even look up a larger one (SQLite answers "none"), so it is refused here, naming the field.
 */
export const instrumentKey = (name: string) => wholeNumber(name, 1, INTEGER_COLUMN_MAX);
export const optionalInstrumentKey = (name: string) => optionalWholeNumber(name, 1, INTEGER_COLUMN_MAX);

/** Trimmed text of at most `max` characters. */
export const text = (max: number) => z.string().trim().max(max);

/**
 * Marks no screen shows that change how a name reads: direction overrides, embeddings and isolates
 * (U+202A–U+202E, U+2066–U+2069) show "‮lave" as "eval", and direction marks, zero-width spaces and
 * the byte order mark hide inside a name, so two names that look the same are not. Joiners
 * (U+200C, U+200D) stay allowed: Persian and Indic names, and emoji, are written with them.
 */
const INVISIBLE_IN_NAME = /[\u061c\u200b\u200e\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/;

/** A name shown to people (a company, a bank, a payee): text(max) without invisible marks. */
export const nameText = (max: number) =>
  text(max).refine((value) => !INVISIBLE_IN_NAME.test(value), {
    error: (issue) => `${issue.path?.join('.') ?? 'name'} contains an invisible mark that is not allowed`,
    params: { messageKey: 'field_invisible_character' },
  });

/**
 * Times on the wire (docs/CONTRACT.md "Field names and values"): Unix seconds, or their text twin
 * in UTC. Every time of every answer is one of these two, so the OpenAPI document says the zone of
 * each (`apps/server/test/openapi-api.test.ts` checks it).
 */
export const unixSeconds = (what = 'Unix seconds') => z.number().int().describe(what);
export const utcTimeText = (what?: string) =>
  z
    .string()
    .regex(/^(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2})?$/)
    .describe(`${what ? `${what}: ` : ''}"YYYY-MM-DD HH:mm:ss" in UTC, empty when there is none`);

/** Dates end in the year 275760; a back-office filter has no business past 2100. */
export const LATEST_FILTER_MS = 4_102_444_800_000;

/** A time range of a staff list: from (inclusive) and to (exclusive), Unix ms, either optional. */
export const timeRangeFields = {
  from_ms: optionalWholeNumber('from_ms', 0, LATEST_FILTER_MS).describe('Created from, Unix ms'),
  to_ms: optionalWholeNumber('to_ms', 0, LATEST_FILTER_MS).describe('Created before, Unix ms'),
};

/** `page` (from 1) and `page_size` (1–100, 20 by default) of a paged list. */
export const pageFields = {
  page: wholeNumberOr('page', 1, 1),
  page_size: wholeNumberOr('page_size', 20, 1, 100),
};

/**
 * Control characters no text field accepts: NUL (PostgreSQL cannot store it in text), the other C0
 * controls, DEL and the C1 controls (U+0080–U+009F), which no screen shows: U+009B opens a terminal
 * escape as ESC [ does, U+0085 breaks a line in some viewers and not in others. Tab and line breaks
 * stay allowed: articles, announcements and review notes are written on several lines.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const CONTROL_CHARACTERS = new RegExp(CONTROL_CHARACTER.source, 'g');

/**
 * Half of a UTF-16 surrogate pair standing alone. With the `u` flag a whole pair is one code point,
 * so only a lone half matches (String#isWellFormed is past the protocol's ES2023 library level).
 */
const LONE_SURROGATE = /\p{Surrogate}/u;
const LONE_SURROGATES = /\p{Surrogate}/gu;

/**
 * How deep a request part (body, query, path parameters) may nest objects and lists. No form of
 * the API nests more than a few levels; a deeper part only comes from a hostile client, and a walk
 * over one 20,000 levels deep (which fits in a small JSON body) ran out of stack.
 */
export const MAX_REQUEST_NESTING = 32;

/** What a request part may not hold, and where the first such thing sits (a dotted field name, '' for the part itself). */
export interface RequestPartFault {
  fault: 'control_character' | 'broken_character' | 'nested_too_deep';
  field: string;
}

/**
 * What is wrong with one text of a request: a control character, or a lone UTF-16 surrogate (half
 * of a pair, from a JSON `"\ud800"` escape). No encoding can store a lone surrogate: both databases
 * would keep U+FFFD in its place, silently changing the text, so two different keys would become
 * one ("already used") and a name would not be what was sent.
 */
const textFault = (text: string): RequestPartFault['fault'] | undefined =>
  CONTROL_CHARACTER.test(text)
    ? 'control_character'
    : LONE_SURROGATE.test(text)
      ? 'broken_character'
      : undefined;

/**
 * The first text holding a control character or a lone surrogate in a request part, or the first
 * object or list nested deeper than MAX_REQUEST_NESTING; undefined when there is none. Keys are
 * checked like values: they become field names and column names.
 */
export function requestPartFault(value: unknown, path = '', depth = 0): RequestPartFault | undefined {
  if (typeof value === 'string') {
    const fault = textFault(value);
    return fault === undefined ? undefined : { fault, field: path };
  }
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return undefined;
  if (depth >= MAX_REQUEST_NESTING) return { fault: 'nested_too_deep', field: path };
  for (const [key, item] of Object.entries(value)) {
    // The name is shown in the refusal, so a control character in it is shown as a replacement
    // mark, and so is a lone surrogate.
    const shown = key.replace(CONTROL_CHARACTERS, '\ufffd').replace(LONE_SURROGATES, '\ufffd');
    const field = `${path ? `${path}.` : ''}${shown}`;
    const keyFault = textFault(key);
    if (keyFault !== undefined) return { fault: keyFault, field };
    const found = requestPartFault(item, field, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A field given a value: present, and not an empty record (`texts: {}` changes nothing). */
const isChange = (value: unknown) =>
  value !== undefined &&
  !(value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0);

/**
 * The body of a change to an existing record, where only the fields given change. A field the
 * record does not have is refused by name (never dropped, so a misspelt key cannot answer "saved"
 * while changing nothing), and a body that names none is refused as `nothing_to_change`.
 */
export const changeOf = <T extends z.ZodObject>(schema: T): T =>
  (schema.strict() as unknown as T).refine((body) => Object.values(body).some(isChange), {
    error: () => 'nothing to change',
    params: { messageKey: 'nothing_to_change' },
  });
