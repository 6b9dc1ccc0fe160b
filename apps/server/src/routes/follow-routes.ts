/**
 * The leaderboard (GET /api/follow/list, docs/decisions/0007-leaderboard.md) and each user's choice to
 * appear on it. Reading the board needs no login; the names on it are masked.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, followListQuerySchema, followOptInBodySchema, leaderboardSchema } from '@omp/protocol';
import { requireUser } from '../http/auth-plugin.ts';
import { ok } from '../http/envelope-plugin.ts';
import type { LeaderboardService } from '../services/leaderboard-service.ts';
import { SESSION_SECURITY } from '../http/session-guard.ts';

export interface FollowRouteDeps {
  leaderboard: LeaderboardService;
}

export async function followRoutes(app: FastifyInstance, deps: FollowRouteDeps) {
  const { leaderboard } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['leaderboard'];

  api.get(
    '/api/follow/list',
    {
      schema: {
        tags,
        summary: 'The leaderboard of traders who opted in, best three-week return first',
        description:
          'Computed from closed trades and the ledger, refreshed every LEADERBOARD_REFRESH_MS (60 s by default) ' +
          'and served from memory; updated_at says when. Demo and real accounts have separate boards (is_demo). ' +
          'Rates are percentages rounded to 2 decimals from exact sums; see docs/decisions/0007-leaderboard.md.',
        querystring: followListQuerySchema,
        response: { 200: envelopeOf(leaderboardSchema) },
      },
    },
    async (request) => {
      const { is_demo, page, page_size } = request.query;
      return ok(request, await leaderboard.page(is_demo === 1, page, page_size));
    },
  );

  api.post(
    '/api/follow/opt_in',
    {
      schema: {
        tags,
        summary: 'Show me on the leaderboard (1) or hide me (0)',
        description:
          'Form-encoded or JSON. Hiding takes effect at once; showing, at the next refresh. A demo account ' +
          'appears on the demo board, a real one on the real board. /api/user/info reports the choice as show_on_leaderboard.',
        security: SESSION_SECURITY,
        body: followOptInBodySchema,
        response: { 200: envelopeOf(z.object({ enabled: z.number().int() })) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const enabled = request.body.enabled === 1;
      await leaderboard.setOptIn(user.id, enabled);
      return ok(request, { enabled: enabled ? 1 : 0 }, enabled ? 'follow.opted_in' : 'follow.opted_out');
    },
  );
}
