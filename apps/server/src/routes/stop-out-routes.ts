/**
 * The stop-out explainer's call (services/stop-out-report.ts): what a stop-out or a margin call of
 * the signed-in user did and why, addressed by the report id a socket push carried, or by a
 * position the stop-out closed (the closed order's detail leads there).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeOf, stopOutReportQuerySchema, stopOutReportSchema } from '@omp/protocol';
import { requireUser } from '../http/auth-plugin.ts';
import { ok } from '../http/envelope-plugin.ts';
import type { StopOutReports } from '../services/stop-out-report.ts';
import { SESSION_SECURITY } from '../http/session-guard.ts';

export interface StopOutRouteDeps {
  stopOutReports: Pick<StopOutReports, 'report'>;
}

const security = SESSION_SECURITY;

export async function stopOutRoutes(app: FastifyInstance, deps: StopOutRouteDeps) {
  const reports = deps.stopOutReports;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/v1/api/forex/stop_out_report',
    {
      schema: {
        security,
        tags: ['trading'],
        summary:
          'Why positions were stopped out: the margin level before, the closes in order, the protection',
        description:
          'Give `id` (the report id of a STOP_OUT or MARGIN_CALL push) or `order_id` (a position the ' +
          'stop-out closed), one of the two. Only the signed-in user’s own. The margin-level history ' +
          'covers the six hours before, from snapshots taken every few minutes while positions are open.',
        querystring: stopOutReportQuerySchema,
        response: { 200: envelopeOf(stopOutReportSchema) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return ok(request, await reports.report(user.id, request.query));
    },
  );
}
