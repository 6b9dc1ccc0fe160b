/** The back office's instruments and their spreads (services/instrument-admin.ts). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeOf,
  instrumentChangeBodySchema,
  instrumentIdParamsSchema,
  staffInstrumentSchema,
} from '@omp/protocol';
import { ok } from '../http/envelope-plugin.ts';
import { requireStaff } from '../http/staff-auth.ts';
import type { InstrumentAdmin } from '../services/instrument-admin.ts';
import { SESSION_SECURITY } from '../http/session-guard.ts';

const security = SESSION_SECURITY;
const tags = ['staff: trading'];

export async function staffInstrumentRoutes(
  app: FastifyInstance,
  deps: { instrumentAdmin: InstrumentAdmin },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/admin/api/instruments',
    {
      config: { staffRoles: [] },
      schema: {
        tags,
        summary: 'Every instrument with what it trades with',
        security,
        response: { 200: envelopeOf(z.array(staffInstrumentSchema)) },
      },
    },
    async (request) => {
      await requireStaff(request);
      return ok(request, await deps.instrumentAdmin.list());
    },
  );

  api.post(
    '/admin/api/instruments/:id',
    {
      config: { staffRoles: ['admin'] },
      schema: {
        tags,
        summary:
          "Change an instrument's terms (admin): halt or resume new orders, spread, lots, leverage, fee, hours, names. Applies from the next tick on every node, audited",
        security,
        params: instrumentIdParamsSchema,
        body: instrumentChangeBodySchema,
        response: { 200: envelopeOf(staffInstrumentSchema) },
      },
    },
    async (request) => {
      const staff = await requireStaff(request);
      const changed = await deps.instrumentAdmin.change(staff.id, request.params.id, request.body);
      return ok(request, changed, 'instrument.saved');
    },
  );
}
