/**
 * Bad requests for one operation of the OpenAPI document: a plausible request (valid values, the
 * fixtures' ids) with one or more things wrong — a hostile value in a field, in the path or the
 * query, a field missing or extra, the whole body replaced, the wrong content type, a broken
 * encoding, a broken multipart form, a wrong or missing session.
 */
import {
  encodePairs,
  encodeText,
  formPairs,
  hostileValue,
  jsonText,
  multipartBody,
  pick,
  Raw,
  validValue,
  type JsonSchema,
  type Rng,
} from './fuzz-values.ts';

export interface FuzzOperation {
  method: string;
  /** The OpenAPI path, e.g. /admin/api/news/{id}. */
  path: string;
  parameters: Array<{ in: string; name: string; required: boolean; schema: JsonSchema }>;
  body: { contentType: string; schema: JsonSchema } | undefined;
  /** The back office's: called with a staff session. */
  staff: boolean;
  /** Documented as needing a session (`security`). */
  secured: boolean;
  /** A back-office call's roles (`x-staff-roles`): any one of them, or admin; empty for any staff. */
  staffRoles: string[] | undefined;
}

/** Which session a request carries; the runner turns it into a token. */
export type FuzzAuth = 'own' | 'none' | 'garbage' | 'other-kind';

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload: string | Buffer | undefined;
  auth: FuzzAuth;
  /** What was done wrong, for the report. */
  mutations: string[];
  /**
   * The answer a lone mutation must get whatever the route: its HTTP status, its envelope code and
   * a text its message holds (the field it names). Undefined where the route decides.
   */
  expected?: { status: number; code: number; mentions: string };
}

/** A JSON object text with `key` given a second time, after the others, with another value. */
const withKeyTwice = (body: Record<string, unknown>, key: string, second: unknown) =>
  `${jsonText(body).slice(0, -1)}${Object.keys(body).length > 0 ? ',' : ''}${JSON.stringify(key)}:${jsonText(second)}}`;

interface OpenApiOperation {
  parameters?: Array<{ in: string; name: string; required?: boolean; schema?: JsonSchema }>;
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
  'x-staff-roles'?: string[];
}

/** Every operation the document lists (methods the API serves; HEAD and OPTIONS are implicit). */
export function operationsOf(document: { paths: Record<string, Record<string, OpenApiOperation>> }) {
  const operations: FuzzOperation[] = [];
  for (const [path, methods] of Object.entries(document.paths))
    for (const [method, operation] of Object.entries(methods)) {
      const [contentType, media] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: (operation.parameters ?? []).map((p) => ({
          in: p.in,
          name: p.name,
          required: p.required ?? false,
          schema: p.schema ?? {},
        })),
        body: contentType ? { contentType, schema: media?.schema ?? {} } : undefined,
        staff: path.startsWith('/admin/'),
        secured: (operation.security ?? []).length > 0,
        staffRoles: operation['x-staff-roles'],
      });
    }
  return operations;
}

const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/octet-stream',
  'application/json; charset=utf-99',
  'application/json; charset=latin1',
  'application/x-www-form-urlencoded; charset=utf-16',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/vnd.api+json',
  'text/html',
  'image/png',
  ';;;',
  'application/JSON',
];

/** Query-string text no encoder writes: repeated and nested keys, broken escapes, bare separators. */
const RAW_QUERY = [
  'page=1&page=2&page=3',
  'page[]=1&page[]=2',
  'a[b][c][d]=1',
  '__proto__[x]=1&constructor[prototype][y]=2',
  '%',
  '%E0%A4%A',
  '%FF%FE',
  '%00',
  '=&=&&=',
  'page=%00',
  `x=${'y'.repeat(20_000)}`,
  'lang=%00&t=NaN',
];

/** Path segments as sent, unencoded where the text is itself an escape. */
const RAW_SEGMENTS = [
  new Raw('%E0%A4%A'),
  new Raw('%'),
  new Raw('%00'),
  new Raw('..%2F..%2Fetc%2Fpasswd'),
  new Raw('%2e%2e'),
  new Raw('a'.repeat(5000)),
  new Raw('1;drop'),
  new Raw('1%20OR%201=1'),
  new Raw('0x10'),
  new Raw('1e3'),
];

/** Header-safe hostile texts (a client library refuses anything else before sending). */
const HEADER_TEXTS = [
  '',
  ' ',
  'x'.repeat(4000),
  'Bearer ',
  'null',
  'undefined',
  "' OR 1=1 --",
  '%00',
  '../../',
];

const LANGS = ['en', 'hk', 'ar', 'jp', 'tw', 'xx', '', 'EN', '../../etc/passwd', 'constructor', '__proto__'];

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Raw);

/** A copy of `target` with the value at a random depth replaced by a hostile one. */
function replaceDeep(rng: Rng, target: unknown, depth = 0): unknown {
  if (!isPlainObject(target) || Object.keys(target).length === 0 || (depth > 0 && rng() < 0.4))
    return hostileValue(rng);
  const copy = { ...target };
  const key = pick(rng, Object.keys(copy));
  copy[key] = replaceDeep(rng, copy[key], depth + 1);
  return copy;
}

function segmentText(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (value !== null && typeof value === 'object') return encodeText(jsonText(value));
  return encodeText(Object.is(value, -0) ? '-0' : String(value));
}

/** One bad request for `operation`. `fixtures` name valid values (existing ids) per field. */
export function fuzzRequest(
  rng: Rng,
  operation: FuzzOperation,
  fixtures: Record<string, readonly unknown[]>,
  png: Buffer,
): FuzzRequest {
  const pathValues: Record<string, unknown> = {};
  const query: Record<string, unknown> = {};
  const headers: Record<string, string> = { lang: pick(rng, LANGS) };
  for (const parameter of operation.parameters) {
    const value = validValue(rng, parameter.schema, parameter.name, fixtures);
    if (parameter.in === 'path') pathValues[parameter.name] = value;
    else if (parameter.in === 'query' && (parameter.required || rng() < 0.5)) query[parameter.name] = value;
    else if (parameter.in === 'header') headers[parameter.name] = pick(rng, HEADER_TEXTS);
  }
  const multipart = operation.body?.contentType.startsWith('multipart/') ?? false;
  let body: unknown =
    operation.body && !multipart ? validValue(rng, operation.body.schema, '', fixtures) : undefined;
  let encoding: 'json' | 'form' | 'multipart' | 'none' = multipart
    ? 'multipart'
    : operation.body
      ? rng() < 0.25
        ? 'form'
        : 'json'
      : rng() < 0.8
        ? 'none'
        : 'json';
  let contentType: string | undefined;
  let rawBody: string | Buffer | undefined;
  let rawQuery = '';
  let method = operation.method;
  let auth: FuzzAuth = 'own';
  const mutations: string[] = [];
  let expected: FuzzRequest['expected'];

  const mutate = () => {
    const roll = rng();
    const bodyFields = isPlainObject(body) ? Object.keys(operation.body?.schema.properties ?? {}) : [];
    if (roll < 0.22 && bodyFields.length > 0) {
      const key = pick(rng, bodyFields);
      (body as Record<string, unknown>)[key] =
        rng() < 0.3 ? replaceDeep(rng, (body as Record<string, unknown>)[key]) : hostileValue(rng);
      mutations.push(`body.${key}`);
    } else if (roll < 0.36 && Object.keys(pathValues).length > 0) {
      const key = pick(rng, Object.keys(pathValues));
      pathValues[key] = rng() < 0.3 ? pick(rng, RAW_SEGMENTS) : hostileValue(rng);
      mutations.push(`path.${key}`);
    } else if (roll < 0.5) {
      const names = operation.parameters.filter((p) => p.in === 'query').map((p) => p.name);
      const key = names.length > 0 && rng() < 0.8 ? pick(rng, names) : pick(rng, ['lang', 't', 'token', 'x']);
      query[key] = hostileValue(rng);
      mutations.push(`query.${key}`);
    } else if (roll < 0.56) {
      rawQuery = pick(rng, RAW_QUERY);
      mutations.push('raw query');
    } else if (roll < 0.62 && isPlainObject(body)) {
      const required = operation.body?.schema.required ?? [];
      const key = required.length > 0 ? pick(rng, required) : pick(rng, Object.keys(body).concat('x'));
      delete body[key];
      mutations.push(`missing ${key}`);
    } else if (roll < 0.68) {
      const extra = hostileValue(rng);
      if (isPlainObject(body))
        body = { ...body, ...(isPlainObject(extra) ? extra : { [`x${rng()}`]: extra }) };
      else query[pick(rng, ['__proto__', 'constructor', 'extra'])] = extra;
      mutations.push('extra fields');
    } else if (roll < 0.76) {
      body = hostileValue(rng);
      if (encoding === 'none') encoding = 'json';
      mutations.push('whole body');
    } else if (roll < 0.83) {
      contentType = pick(rng, WRONG_CONTENT_TYPES);
      if (encoding === 'none') encoding = 'json';
      mutations.push(`content-type ${contentType}`);
    } else if (roll < 0.88) {
      const text = operation.body && !multipart ? jsonText(body) : '{"a":1}';
      rawBody = pick(rng, [
        text.slice(0, Math.floor(text.length / 2)),
        `${text}}`,
        '',
        '{"a":"\\ud800"}',
        '{"a":1,"a":2}',
        '{"__proto__":{"x":1}}',
        '[',
        '\u0000',
      ]);
      contentType = 'application/json';
      mutations.push('broken json');
    } else if (roll < 0.93) {
      auth = pick(rng, ['none', 'garbage', 'other-kind'] as const);
      mutations.push(`auth ${auth}`);
    } else if (roll < 0.96) {
      encoding = 'multipart';
      mutations.push('multipart');
    } else if (roll < 0.965 && isPlainObject(body) && encoding === 'json' && Object.keys(body).length > 0) {
      // Two readers of such a body may keep different values of the key: it is refused, by name.
      const key = pick(rng, Object.keys(body));
      // A second value JSON can spell (NaN cannot), so the body is readable and only the key is wrong.
      const second = hostileValue(rng);
      rawBody = withKeyTwice(body, key, second instanceof Raw ? 'second' : second);
      contentType = 'application/json';
      expected = { status: 200, code: 422, mentions: `${key} is given more than once` };
      mutations.push(`key ${key} twice`);
    } else if (roll < 0.97 && encoding !== 'none') {
      // Bodies are read as sent: one said to be compressed is refused as such, not as broken text.
      headers['content-encoding'] = pick(rng, ['gzip', 'br', 'deflate', 'x-unknown', 'gzip, identity']);
      expected = { status: 415, code: 400, mentions: 'Content-Encoding' };
      mutations.push(`content-encoding ${headers['content-encoding']}`);
    } else if (roll < 0.98) {
      method = pick(rng, ['PUT', 'PATCH', 'DELETE', operation.method === 'GET' ? 'POST' : 'GET']);
      mutations.push(`method ${method}`);
    } else {
      headers['content-length'] = pick(rng, ['0', '1', '-1', 'abc', '99999999']);
      if (encoding === 'none') encoding = 'json';
      mutations.push(`content-length ${headers['content-length']}`);
    }
  };
  mutate();
  while (rng() < 0.3 && mutations.length < 4) mutate();

  if (rawBody === undefined) {
    if (encoding === 'json') {
      rawBody = jsonText(body);
      contentType ??= 'application/json';
    } else if (encoding === 'form') {
      rawBody = encodePairs(body);
      contentType ??= 'application/x-www-form-urlencoded';
    } else if (encoding === 'multipart') {
      const boundary = `fuzz${Math.floor(rng() * 1e9)}`;
      const field = rng() < 0.8 ? 'file' : pick(rng, ['files', '', 'file[]', '__proto__']);
      const files = Array.from({ length: pick(rng, [1, 1, 2, 3, 0]) }, () => ({
        field,
        bytes: rng() < 0.7 ? png : Buffer.from(jsonText(hostileValue(rng))),
        type: pick(rng, ['image/png', 'text/html', 'application/octet-stream', '']),
      }));
      const fields = isPlainObject(body) ? formPairs(body).slice(0, 8) : [];
      rawBody = multipartBody(boundary, fields, files, rng() < 0.3);
      contentType ??= pick(rng, [
        `multipart/form-data; boundary=${boundary}`,
        `multipart/form-data; boundary=${boundary}`,
        `multipart/form-data; boundary="${boundary}"`,
        'multipart/form-data; boundary=other',
        'multipart/form-data',
      ]);
    }
  }
  if (contentType !== undefined && rawBody !== undefined) headers['content-type'] = contentType;
  if (headers['content-length'] !== undefined && rawBody === undefined) delete headers['content-length'];

  const url =
    operation.path.replace(/\{(\w+)\}/g, (_whole, name: string) => segmentText(pathValues[name])) +
    ([encodePairs(query), rawQuery]
      .filter((part) => part !== '')
      .join('&')
      .replace(/^(?=.)/, '?') || '');
  // A mutation's own answer holds when it is the only thing wrong, with the session of the call:
  // a missing session or a wrong method is refused first.
  const lone = mutations.length === 1 && auth === 'own' && method === operation.method;
  // Its message is then read in English.
  if (lone && expected) headers.lang = 'en';
  return {
    method,
    url,
    headers,
    payload: rawBody,
    auth,
    mutations,
    ...(lone && expected && rawBody !== undefined && rawBody.length > 0 && { expected }),
  };
}
