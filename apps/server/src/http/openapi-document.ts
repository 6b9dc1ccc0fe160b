/**
 * What the OpenAPI document says of every call beyond its own schemas (docs/CONTRACT.md "Calls"):
 * the `lang` header every request may send, the `Idempotency-Key` header of the money-changing
 * calls, and that each body may be form-encoded as well as JSON (the existing clients post
 * forms), and the staff roles a back-office call needs (`x-staff-roles`, from the route's
 * `config: { staffRoles }`; empty for any staff member). Kept here, once, so no route can forget to
 * say it.
 */
import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { IDEMPOTENCY_KEY_MAX_LENGTH, LANGUAGES } from '@omp/protocol';

/** Route option `config: { idempotent: true }` marks a call that honours an `Idempotency-Key`. */
declare module 'fastify' {
  interface FastifyContextConfig {
    idempotent?: boolean;
  }
}

const FORM = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';

const LANG_PARAMETER = {
  name: 'lang',
  in: 'header',
  required: false,
  description:
    'Language of `msg` and of translated fields (also accepted as the `lang` query parameter); ' +
    'the default language (hk) when absent or unknown, and `tw` is read as hk.',
  schema: { type: 'string', enum: [...LANGUAGES] },
};

const IDEMPOTENCY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Makes a retry safe: the same key with the same request gets exactly the first answer, and ' +
    'nothing is done twice; the same key with another request is refused. A key is remembered ' +
    'for IDEMPOTENCY_RETENTION_DAYS (7 by default). Printable ASCII, sent once; a request that ' +
    'failed stores nothing, so its key may be sent again.',
  schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH, pattern: '^[ -~]+$' },
};

/** Each route's schema through the zod transform, then the idempotency header where it applies. */
export const openApiRouteTransform: SwaggerTransform = (input) => {
  let transformed = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
  const staffRoles = input.route.config?.staffRoles;
  // An `x-` key of the schema is copied onto the operation as it is.
  if (staffRoles) {
    const schema: Record<string, unknown> = { ...transformed.schema, 'x-staff-roles': staffRoles };
    transformed = { ...transformed, schema };
  }
  if (!input.route.config?.idempotent) return transformed;
  const headers = {
    type: 'object',
    properties: {
      'idempotency-key': { ...IDEMPOTENCY_PARAMETER.schema, description: IDEMPOTENCY_PARAMETER.description },
    },
  };
  return { ...transformed, schema: { ...transformed.schema, headers } };
};

interface Operation {
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: { content?: Record<string, unknown> };
}

/** The whole document: `lang` on every call, and the form twin of every JSON body. */
export const openApiDocumentTransform: SwaggerTransformObject = (document) => {
  if (!('openapiObject' in document)) return document.swaggerObject;
  const openapi = document.openapiObject;
  for (const path of Object.values(openapi.paths ?? {})) {
    for (const operation of Object.values(path ?? {}) as Operation[]) {
      if (typeof operation !== 'object' || operation === null) continue;
      const parameters = (operation.parameters ??= []);
      if (!parameters.some((p) => p.in === 'header' && p.name.toLowerCase() === 'lang'))
        parameters.push(LANG_PARAMETER);
      const content = operation.requestBody?.content;
      if (content?.[JSON_TYPE] && !content[FORM]) content[FORM] = content[JSON_TYPE];
    }
  }
  return openapi;
};
