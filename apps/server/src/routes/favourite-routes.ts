/**
 * The instruments a user starred: the quote list's Favourites category, kept on the server so it
 * follows the user from device to device. Visitors keep theirs in the browser.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeOf, favouriteIdsSchema, favouriteTargetSchema } from '@omp/protocol';
import { requireUser } from '../http/auth-plugin.ts';
import { ok } from '../http/envelope-plugin.ts';
import type { FavouritesService } from '../services/favourites-service.ts';
import { SESSION_SECURITY } from '../http/session-guard.ts';

export interface FavouriteRouteDeps {
  favourites: FavouritesService;
}

export async function favouriteRoutes(app: FastifyInstance, deps: FavouriteRouteDeps) {
  const { favourites } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['market'];
  const security = SESSION_SECURITY;
  const response = { 200: envelopeOf(favouriteIdsSchema) };

  api.get(
    '/v1/api/forex/favourites',
    { schema: { tags, security, summary: "The signed-in user's starred instruments", response } },
    async (request) => {
      const user = await requireUser(request);
      return ok(request, await favourites.list(user.id));
    },
  );

  api.post(
    '/v1/api/forex/favourites',
    {
      schema: {
        tags,
        security,
        summary: 'Star an instrument',
        description:
          'Form-encoded or JSON. Starring a starred instrument changes nothing. Answers the new list.',
        body: favouriteTargetSchema,
        response,
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return ok(request, await favourites.add(user.id, request.body.forex_id));
    },
  );

  api.delete(
    '/v1/api/forex/favourites',
    {
      schema: {
        tags,
        security,
        summary: 'Unstar an instrument',
        description: 'Unstarring one that is not starred changes nothing. Answers the new list.',
        querystring: favouriteTargetSchema,
        response,
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return ok(request, await favourites.remove(user.id, request.query.forex_id));
    },
  );
}
