/**
 * The admin's management of staff, and the audit log (sign-in and sessions are
 * staff-session-routes.ts). Everything under /admin/api answers in the same envelope as the
 * public API.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  auditEntrySchema,
  auditQuerySchema,
  backOfficePageOf,
  envelopeOf,
  staffCreateBodySchema,
  staffIdParamsSchema,
  staffSchema,
  staffUpdateBodySchema,
} from '@omp/protocol';
import { ok } from '../http/envelope-plugin.ts';
import { requireStaff, staffSession } from '../http/staff-auth.ts';
import { toWireStaff, type StaffService } from '../services/staff-service.ts';
import { SESSION_SECURITY } from '../http/session-guard.ts';

export interface StaffRouteDeps {
  staff: StaffService;
}

const ADMIN = ['admin'] as const;
const security = SESSION_SECURITY;
const staffToken = 'A staff token (login and second factor passed) in the authorization header.';

export async function staffRoutes(app: FastifyInstance, deps: StaffRouteDeps) {
  const { staff } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['staff'];

  api.get(
    '/admin/api/staff',
    {
      config: { staffRoles: ADMIN },
      schema: {
        tags,
        summary: 'Every staff account (admin)',
        description: staffToken,
        security,
        response: { 200: envelopeOf(z.array(staffSchema)) },
      },
    },
    async (request) => {
      await requireStaff(request);
      return ok(request, (await staff.list()).map(toWireStaff));
    },
  );

  api.post(
    '/admin/api/staff',
    {
      config: { staffRoles: ADMIN },
      schema: {
        tags,
        summary: 'Create a staff account with roles (admin)',
        description: `${staffToken} roles: a JSON array or a comma-separated list of admin, finance, compliance, support (read-only).`,
        security,
        body: staffCreateBodySchema,
        response: { 200: envelopeOf(staffSchema) },
      },
    },
    async (request) => {
      const admin = await requireStaff(request);
      const created = await staff.create(admin, request.body);
      return ok(request, toWireStaff(created), 'staff.saved');
    },
  );

  api.post(
    '/admin/api/staff/:id',
    {
      config: { staffRoles: ADMIN },
      schema: {
        tags,
        summary: 'Change roles, disable or re-enable, or set a new password (admin)',
        description: `${staffToken} Disabling or a new password ends that member's sessions (an admin setting their own password keeps the session it is set from; their other sessions end); the last admin stays.`,
        security,
        params: staffIdParamsSchema,
        body: staffUpdateBodySchema,
        response: { 200: envelopeOf(staffSchema) },
      },
    },
    async (request) => {
      const admin = await requireStaff(request);
      const { roles, disabled, password, reset_second_factor } = request.body;
      const session = await staffSession(request);
      const updated = await staff.update({ ...admin, sessionId: session?.id }, request.params.id, {
        roles,
        disabled: disabled === undefined ? undefined : disabled === 1,
        password,
        resetSecondFactor: reset_second_factor === 1,
      });
      return ok(request, toWireStaff(updated), 'staff.saved');
    },
  );

  api.get(
    '/admin/api/audit',
    {
      config: { staffRoles: ADMIN },
      schema: {
        tags: ['audit'],
        summary: 'The audit log, newest first (admin)',
        description: `${staffToken} Filter by target_type (identity, deposit, withdrawal, staff, ...), target_id, staff_id.`,
        security,
        querystring: auditQuerySchema,
        response: { 200: envelopeOf(backOfficePageOf(auditEntrySchema)) },
      },
    },
    async (request) => {
      await requireStaff(request);
      const q = request.query;
      return ok(
        request,
        await deps.staff.auditPage(
          {
            targetType: q.target_type,
            targetId: q.target_id,
            staffId: q.staff_id,
            fromMs: q.from_ms,
            toMs: q.to_ms,
          },
          q.page,
          q.page_size,
        ),
      );
    },
  );
}
