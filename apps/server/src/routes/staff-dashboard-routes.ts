/** The back office's dashboard (queues, money today, the book's risk now) and the message log. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  backOfficePageOf,
  dashboardQuerySchema,
  dashboardSchema,
  envelopeOf,
  messageSchema,
  messagesQuerySchema,
} from '@omp/protocol';
import { ok } from '../http/envelope-plugin.ts';
import { requireStaff } from '../http/staff-auth.ts';
import type { DashboardService } from '../services/dashboard-service.ts';
import type { MessageLog } from '../services/message-log.ts';
import { SESSION_SECURITY } from '../http/session-guard.ts';

const DAY_MS = 86_400_000;

export async function staffDashboardRoutes(
  app: FastifyInstance,
  deps: { dashboard: DashboardService; messageLog: MessageLog; now: () => number },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/admin/api/dashboard',
    {
      config: { staffRoles: [] },
      schema: {
        tags: ['staff'],
        summary: 'Queues with their ages, money in and out today, new users, and the book’s risk now',
        description: 'Any staff role. The screen asks again every few seconds; it reads, never writes.',
        security: SESSION_SECURITY,
        querystring: dashboardQuerySchema,
        response: { 200: envelopeOf(dashboardSchema) },
      },
    },
    async (request) => {
      await requireStaff(request);
      const nowMs = deps.now();
      const since = request.query.since_ms ?? nowMs - (nowMs % DAY_MS);
      return ok(request, await deps.dashboard.snapshot(since));
    },
  );

  api.get(
    '/admin/api/messages',
    {
      config: { staffRoles: [] },
      schema: {
        tags: ['staff'],
        summary: 'The e-mails and SMS users were sent, newest first, codes masked',
        description:
          'Any staff role: support sees what a user received and when, never a working code. ' +
          'Messages are kept for MESSAGE_LOG_RETENTION_DAYS (90 by default).',
        security: SESSION_SECURITY,
        querystring: messagesQuerySchema,
        response: { 200: envelopeOf(backOfficePageOf(messageSchema)) },
      },
    },
    async (request) => {
      await requireStaff(request);
      const { address, channel, page, page_size } = request.query;
      return ok(request, await deps.messageLog.page({ address, channel }, page, page_size));
    },
  );
}
