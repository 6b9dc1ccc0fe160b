/**
 * The signed-in user's preferences kept on the server (the chart's indicators), so they follow the
 * user to another phone or browser. Visitors without a session keep theirs in the browser.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelopeOf,
  PREFERENCE_BODY_LIMIT,
  PREFERENCE_NAMES,
  preferenceQuerySchema,
  preferenceSaveSchema,
  preferenceSchema,
} from '@omp/protocol';
import { requireUser } from '../http/auth-plugin.ts';
import { ok } from '../http/envelope-plugin.ts';
import type { PreferencesService } from '../services/preferences-service.ts';
import { SESSION_SECURITY } from '../http/session-guard.ts';

export interface PreferenceRouteDeps {
  preferences: PreferencesService;
}

export async function preferenceRoutes(app: FastifyInstance, deps: PreferenceRouteDeps) {
  const { preferences } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['user'];
  const security = SESSION_SECURITY;
  const response = { 200: envelopeOf(preferenceSchema) };
  const names = PREFERENCE_NAMES.join(', ');

  api.get(
    '/v1/api/user/preferences',
    {
      schema: {
        tags,
        security,
        summary: 'One of the signed-in user’s preferences',
        description: `Known names: ${names}. A preference never saved answers value and updated_at null.`,
        querystring: preferenceQuerySchema,
        response,
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return ok(request, await preferences.read(user, request.query.name));
    },
  );

  api.post(
    '/v1/api/user/preferences',
    {
      bodyLimit: PREFERENCE_BODY_LIMIT,
      schema: {
        tags,
        security,
        summary: 'Save one of the signed-in user’s preferences',
        description:
          `JSON {name, value}; known names: ${names}, each value checked by its own schema. ` +
          `The whole value is replaced; the last save wins. Bodies over ${PREFERENCE_BODY_LIMIT} ` +
          'bytes are refused (413). Answers the preference as kept.',
        body: preferenceSaveSchema,
        response,
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return ok(request, await preferences.save(user, request.body));
    },
  );
}
