/**
 * Form-encoded bodies as the existing clients send them: older form clients post every field of a
 * form, the optional ones empty (`area_id=&target_price=`). An empty field means the field is
 * absent, so an optional one is simply not given and a required one is refused as missing. A key
 * given twice keeps every value (an array), as the schema then decides.
 *
 * The body is read from its bytes (utf8-text.ts): a byte of ill-formed UTF-8, sent raw or as an
 * escape like `%FF`, reaches the text rule as a mark it refuses, naming the field, instead of
 * becoming U+FFFD as URLSearchParams would make it.
 */
import type { FastifyInstance } from 'fastify';
import { fieldsOfPairs, urlEncodedPairs } from './utf8-text.ts';

export function parseFormBody(body: Uint8Array | string): Record<string, string | string[]> {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  return fieldsOfPairs(urlEncodedPairs(bytes), (value) => value !== '');
}

/** The parser of `application/x-www-form-urlencoded` bodies, given the bytes as they came. */
export function readFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'buffer' },
    (_request, body, done) => done(null, parseFormBody(body as Buffer)),
  );
}
