/**
 * Field rules the request schemas share, so a number, a text or a page is checked, and its
 * refusal worded, the same way on every call.
 */
import { z } from 'zod';

/** A whole number of at least `min`, named in each refusal ("page must be at least 1"). */
export const wholeNumber = (name: string, min: number) =>
  z.coerce
    .number({ error: () => `${name} must be a number` })
    .int({ error: () => `${name} must be a whole number` })
    .min(min, { error: () => `${name} must be at least ${min}` });

/** The largest number an `integer` column holds on PostgreSQL (SQLite's hold any). */
export const INTEGER_COLUMN_MAX = 2_147_483_647;

/**
 * A whole number stored in an `integer` column: bounded as PostgreSQL's column is, so both
 * databases refuse the same numbers, naming the field, instead of one storing what the other
 * cannot.
 */
export const columnInteger = (name: string, min: number) =>
  wholeNumber(name, min).max(INTEGER_COLUMN_MAX, {
    error: () => `${name} must be at most ${INTEGER_COLUMN_MAX}`,
  });

/** Trimmed text of at most `max` characters. */
export const text = (max: number) => z.string().trim().max(max);

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
  from_ms: wholeNumber('from_ms', 0).max(LATEST_FILTER_MS).optional().describe('Created from, Unix ms'),
  to_ms: wholeNumber('to_ms', 0).max(LATEST_FILTER_MS).optional().describe('Created before, Unix ms'),
};

/** `page` (from 1) and `page_size` (1–100, 20 by default) of a paged list. */
export const pageFields = {
  page: wholeNumber('page', 1).default(1),
  page_size: wholeNumber('page_size', 1).max(100).default(20),
};

/**
 * Control characters no text field accepts: NUL (PostgreSQL cannot store it in text) and the other
 * C0 controls, which no screen shows. Tab and line breaks stay allowed: articles, announcements and
 * review notes are written on several lines.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
const CONTROL_CHARACTERS = new RegExp(CONTROL_CHARACTER.source, 'g');

/**
 * How deep a request part (body, query, path parameters) may nest objects and lists. No form of
 * the API nests more than a few levels; a deeper part only comes from a hostile client, and a walk
 * over one 20,000 levels deep (which fits in a small JSON body) ran out of stack.
 */
export const MAX_REQUEST_NESTING = 32;

/** What a request part may not hold, and where the first such thing sits (a dotted field name, '' for the part itself). */
export interface RequestPartFault {
  fault: 'control_character' | 'nested_too_deep';
  field: string;
}

/**
 * The first text holding a control character in a request part, or the first object or list
 * nested deeper than MAX_REQUEST_NESTING; undefined when there is neither. Keys are checked like
 * values: they become field names and column names.
 */
export function requestPartFault(value: unknown, path = '', depth = 0): RequestPartFault | undefined {
  if (typeof value === 'string')
    return CONTROL_CHARACTER.test(value) ? { fault: 'control_character', field: path } : undefined;
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return undefined;
  if (depth >= MAX_REQUEST_NESTING) return { fault: 'nested_too_deep', field: path };
  for (const [key, item] of Object.entries(value)) {
    // The name is shown in the refusal, so a control character in it is shown as a replacement mark.
    const field = `${path ? `${path}.` : ''}${key.replace(CONTROL_CHARACTERS, '\ufffd')}`;
    if (CONTROL_CHARACTER.test(key)) return { fault: 'control_character', field };
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
