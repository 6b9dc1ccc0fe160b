/** The back office's dashboard: queues, money today, and the book's risk now. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardQuerySchema, dashboardSchema, envelopeOf } from '@omp/protocol';
import { ok } from '../http/envelope-plugin.ts';
import { requireStaff } from '../http/staff-auth.ts';
import type { DashboardService } from '../services/dashboard-service.ts';

const DAY_MS = 86_400_000;

export async function staffDashboardRoutes(
  app: FastifyInstance,
  deps: { dashboard: DashboardService; now: () => number },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/admin/api/dashboard',
    {
      schema: {
        tags: ['staff'],
        summary: 'Queues with their ages, money in and out today, new users, and the book’s risk now',
        description: 'Any staff role. The screen asks again every few seconds; it reads, never writes.',
        security: [{ token: [] }],
        querystring: dashboardQuerySchema,
        response: { 200: envelopeOf(dashboardSchema) },
      },
    },
    async (request) => {
      await requireStaff(request, []);
      const nowMs = deps.now();
      const since = request.query.since_ms ?? nowMs - (nowMs % DAY_MS);
      return ok(request, await deps.dashboard.snapshot(since));
    },
  );
}
