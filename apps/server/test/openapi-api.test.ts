/**
 * What the OpenAPI document promises a client writer, checked over the whole document rather than
 * route by route: every call documents the `lang` header and takes a form body wherever it takes
 * JSON; the money-changing calls document `Idempotency-Key`; every time says its zone (Unix
 * seconds or UTC text); and a money field of an answer has one type wherever it appears.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';

interface Schema {
  type?: string | string[];
  description?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  additionalProperties?: Schema | boolean;
}
interface Operation {
  parameters?: Array<{ name: string; in: string; schema?: Schema }>;
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
type Document = { paths: Record<string, Record<string, Operation>> };

/** Every named property of a schema, however deep, with where it was found. */
function* propertiesOf(schema: Schema, where: string): Generator<[string, Schema, string]> {
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    yield [name, property, where];
    yield* propertiesOf(property, where);
  }
  if (schema.items) yield* propertiesOf(schema.items, where);
  if (typeof schema.additionalProperties === 'object')
    yield* propertiesOf(schema.additionalProperties, where);
  for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    yield* propertiesOf(part, where);
}

/** The JSON type of a property, a nullable one counted as its type. */
function typeOf(schema: Schema): string {
  const types = [schema.type ?? [], ...(schema.anyOf ?? []).map((s) => s.type ?? [])]
    .flat()
    .filter((t) => t !== 'null');
  const named = [...new Set(types.map((t) => (t === 'integer' ? 'number' : t)))].sort();
  return named.join('|') || 'unknown';
}

const TIME_FIELD = /(^|_)(at|time)$|Time$|TimeHandler$|AtTran$|^CreatedAt$/;
const MONEY_FIELD =
  /(^|_)(balance|amount|money|profits?|fee|fees|equity|margin|bonus|price|usd|number)(_|$)|Money$|Profits?$|Price$|Fee$|^Amount$|BalanceAfter/;

describe('the OpenAPI document', () => {
  let rt: TestRuntime;
  let operations: Array<[string, Operation]>;

  beforeAll(async () => {
    rt = await startTestRuntime();
    const document = (await rt.app.inject({ method: 'GET', url: '/openapi.json' })).json() as Document;
    operations = Object.entries(document.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, op]): [string, Operation] => [
        `${method.toUpperCase()} ${path}`,
        op,
      ]),
    );
  });
  afterAll(() => rt.dispose());

  it('documents the lang header on every call, with every language it knows', () => {
    expect(operations.length).toBeGreaterThan(100);
    for (const [name, op] of operations) {
      const lang = op.parameters?.find((p) => p.in === 'header' && p.name === 'lang');
      expect(lang, name).toBeDefined();
      expect(lang!.schema?.type).toBe('string');
    }
  });

  it('offers every JSON body as a form too, since the existing clients post forms', () => {
    const withBody = operations.filter(([, op]) => op.requestBody?.content['application/json']);
    expect(withBody.length).toBeGreaterThan(20);
    for (const [name, op] of withBody) {
      const content = op.requestBody!.content;
      expect(content['application/x-www-form-urlencoded'], name).toEqual(content['application/json']);
    }
  });

  it('documents Idempotency-Key on exactly the calls that honour it', () => {
    const documented = operations
      .filter(([, op]) => op.parameters?.some((p) => p.in === 'header' && p.name === 'idempotency-key'))
      .map(([name]) => name)
      .sort();
    expect(documented).toEqual(
      [
        'POST /admin/api/users/{id}/adjust',
        'POST /api/account/draw',
        'POST /api/quickCharge/submit',
        'POST /api/quickCharge/wire_submit',
        'POST /v1/api/forex/cancel_trade',
        'POST /v1/api/forex/close',
        'POST /v1/api/forex/close_all',
        'POST /v1/api/forex/close_part',
        'POST /v1/api/forex/set_stop_price',
        'POST /v1/api/forex/submit',
        'POST /v1/api/forex/update_pending',
      ].sort(),
    );
    // The key's form as the server takes it (http/idempotency-key.ts): printable ASCII, 1–64.
    for (const [name, op] of operations) {
      const key = op.parameters?.find((p) => p.in === 'header' && p.name === 'idempotency-key');
      if (key) expect(key.schema, name).toMatchObject({ minLength: 1, maxLength: 64, pattern: '^[ -~]+$' });
    }
  });

  it('says the zone of every time it answers: Unix seconds, or UTC text', () => {
    const unzoned: string[] = [];
    for (const [name, op] of operations) {
      for (const response of Object.values(op.responses)) {
        const schema = response.content?.['application/json']?.schema;
        if (!schema) continue;
        for (const [field, property] of propertiesOf(schema, name)) {
          if (!TIME_FIELD.test(field)) continue;
          const type = typeOf(property);
          const description = property.description ?? '';
          const zoned =
            (type === 'number' && /Unix/.test(description)) || (type === 'string' && /UTC/.test(description));
          if (!zoned) unzoned.push(`${name} ${field}: ${type} "${description}"`);
        }
      }
    }
    expect(unzoned).toEqual([]);
  });

  // Requests are not held to it: any number of a request may arrive as text (form bodies).
  it('gives each money field of an answer one type wherever it appears', () => {
    const typesByField = new Map<string, Map<string, string>>();
    for (const [name, op] of operations) {
      for (const response of Object.values(op.responses)) {
        const schema = response.content?.['application/json']?.schema;
        if (!schema) continue;
        for (const [field, property] of propertiesOf(schema, name)) {
          if (!MONEY_FIELD.test(field)) continue;
          const seen = typesByField.get(field) ?? new Map<string, string>();
          seen.set(typeOf(property), name);
          typesByField.set(field, seen);
        }
      }
    }
    expect(typesByField.size).toBeGreaterThan(20);
    const mixed = [...typesByField].filter(([, types]) => types.size > 1).map(([f, t]) => `${f}: ${[...t]}`);
    expect(mixed).toEqual([]);
  });
});
