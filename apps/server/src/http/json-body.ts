/**
 * JSON bodies read without losing a digit. `JSON.parse` turns every number into a binary double, so
 * `10.0000000000000001` arrived as 10 and `1e1` as 10: a decimal field (lots, prices, amounts, read
 * as decimal text: docs/CONTRACT.md "Field names and values") then accepted, as another value,
 * what the same text sent as a string is refused for. A number whose double no longer reads as the
 * text it was sent as is handed on as that text, so the field's own rule judges what was sent
 * (too many decimals, an exponent). Every other number stays a number.
 *
 * Otherwise the parser is Fastify's own: the same poisoning checks (`__proto__`, `constructor`)
 * and the same errors for an empty or unreadable body. An object naming a key twice is refused,
 * naming it (duplicate-keys.ts), where JSON.parse would quietly keep the last.
 *
 * The body is decoded from its bytes strictly (utf8-text.ts): one that is not well-formed UTF-8 is
 * refused as `field_broken_character`, naming the text that holds the bad bytes, and never read
 * with U+FFFD in their place.
 */
import { errorCodes, type FastifyInstance } from 'fastify';
import { parse as secureJsonParse } from 'secure-json-parse';
import { requestPartFault } from '@omp/protocol';
import { invalid } from '../domain/errors.ts';
import { duplicateKeyIn } from './duplicate-keys.ts';
import { decodeUtf8, wellFormedText } from './utf8-text.ts';

/** The text of a JSON number as its value reads, or undefined when the double says the same. */
export function lostDigits(value: number, source: string | undefined): string | undefined {
  if (source === undefined || value === 0) return undefined;
  const plain = source.includes('.') && !/[eE]/.test(source) ? source.replace(/\.?0+$/, '') : source;
  return plain === String(value) ? undefined : source;
}

/** JSON.parse's reviver: the third argument (its source text) is given by Node 22 and later. */
function keepDigits(this: unknown, _key: string, value: unknown, context?: { source?: string }): unknown {
  return typeof value === 'number' ? (lostDigits(value, context?.source) ?? value) : value;
}

type ParseOptions = Parameters<typeof secureJsonParse>[2];

function parseKeepingDigits(text: string, options: ParseOptions): unknown {
  try {
    return secureJsonParse(text, keepDigits as (key: string, value: unknown) => unknown, options);
  } catch (error) {
    // A reviver walks the value recursively, which a body nested thousands deep overflows; such
    // a body is read as it is and refused by the nesting rule (text-guard.ts), naming the field.
    if (error instanceof RangeError) return secureJsonParse(text, null, options);
    throw error;
  }
}

/**
 * The refusal of a JSON body that is not well-formed UTF-8: its bad bytes, decoded as lone
 * surrogates, name the field they sit in. Where none is left to name one (a JSON `\ud800` escape
 * right before a bad byte makes a whole pair of them), the body is named.
 */
function brokenTextOf(bytes: Buffer, options: ParseOptions): Error {
  let found: ReturnType<typeof requestPartFault>;
  try {
    found = requestPartFault(parseKeepingDigits(decodeUtf8(bytes), options));
  } catch {
    found = undefined; // the bad bytes sit outside any text, or the JSON is broken besides
  }
  const field = found?.fault === 'broken_character' && found.field ? found.field : 'body';
  return invalid('field_broken_character', { field });
}

/**
 * Where a body refused for prototype poisoning holds its key (`__proto__`, or `constructor` with a
 * `prototype`), as a dotted field name: no field of the API is named so, and the refusal names it
 * as any field the call does not take, rather than calling the body unreadable. Plain JSON.parse
 * keeps such a key as an own property (it sets no prototype), and the walk keeps its own stack.
 */
function poisoningKeyIn(text: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const pending: Array<[unknown, string]> = [[value, '']];
  while (pending.length > 0) {
    const [item, path] = pending.pop()!;
    if (item === null || typeof item !== 'object') continue;
    for (const [key, child] of Object.entries(item)) {
      const field = path ? `${path}.${key}` : key;
      const poisoning =
        key === '__proto__' ||
        (key === 'constructor' && child !== null && typeof child === 'object' && 'prototype' in child);
      if (poisoning) return field;
      pending.push([child, field]);
    }
  }
  return undefined;
}

export function readJsonExactly(app: FastifyInstance): void {
  const options = {
    protoAction: app.initialConfig.onProtoPoisoning ?? 'error',
    constructorAction: app.initialConfig.onConstructorPoisoning ?? 'error',
  } as const;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    const bytes = body as Buffer;
    if (bytes.length === 0) return done(new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY(), undefined);
    const text = wellFormedText(bytes);
    if (text === undefined) return done(brokenTextOf(bytes, options), undefined);
    let value: unknown;
    try {
      value = parseKeepingDigits(text, options);
    } catch {
      const key = poisoningKeyIn(text);
      if (key !== undefined) return done(invalid('field_unknown', { fields: key }), undefined);
      return done(new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY(), undefined);
    }
    const duplicate = duplicateKeyIn(text);
    if (duplicate !== undefined) return done(invalid('field_duplicate', { field: duplicate }), undefined);
    done(null, value);
  });
}
