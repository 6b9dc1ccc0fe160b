/**
 * The back office's hold on a trader's access (compliance or admin): disable or enable an account,
 * end every session of one, freeze trading or withdrawals, reset a password
 * (services/user-access-service.ts does the work).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelopeOf,
  staffIdParamsSchema,
  userAccessSchema,
  userDisableBodySchema,
  userFreezeBodySchema,
  userLogoutBodySchema,
  userPasswordResetBodySchema,
} from '@omp/protocol';
import { ok } from '../http/envelope-plugin.ts';
import { requireStaff } from '../http/staff-auth.ts';
import type { UserAccessService } from '../services/user-access-service.ts';
import { SESSION_SECURITY } from '../http/session-guard.ts';

export interface StaffUserRouteDeps {
  userAccess: UserAccessService;
}

// Cutting a trader off is a compliance decision, like the identity review (0005-staff-uploads-identity.md).
const COMPLIANCE = ['compliance'] as const;
const security = SESSION_SECURITY;
const tags = ['staff: users'];
const staffToken = 'The staff token from /admin/api/login in the authorization header (compliance or admin).';

export async function staffUserRoutes(app: FastifyInstance, deps: StaffUserRouteDeps) {
  const { userAccess } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/admin/api/users/:id/disable',
    {
      config: { staffRoles: COMPLIANCE },
      schema: {
        tags,
        summary: 'Disable a user (every session ends at once, logins are refused) or enable them again',
        description: `${staffToken} The reason is kept in the audit log, not shown to the user.`,
        security,
        params: staffIdParamsSchema,
        body: userDisableBodySchema,
        response: { 200: envelopeOf(userAccessSchema) },
      },
    },
    async (request) => {
      const staff = await requireStaff(request);
      const { disabled, reason } = request.body;
      const access = await userAccess.setDisabled(staff.id, request.params.id, disabled, reason);
      return ok(request, access, disabled ? 'user.disabled' : 'user.enabled');
    },
  );

  api.post(
    '/admin/api/users/:id/logout',
    {
      config: { staffRoles: COMPLIANCE },
      schema: {
        tags,
        summary: 'End every session of a user now (they can log in again)',
        description: `${staffToken} The reason is kept in the audit log, not shown to the user.`,
        security,
        params: staffIdParamsSchema,
        body: userLogoutBodySchema,
        response: { 200: envelopeOf(userAccessSchema) },
      },
    },
    async (request) => {
      const staff = await requireStaff(request);
      const access = await userAccess.endSessions(staff.id, request.params.id, request.body.reason);
      return ok(request, access, 'user.logged_out');
    },
  );

  api.post(
    '/admin/api/users/:id/freeze',
    {
      config: { staffRoles: COMPLIANCE },
      schema: {
        tags,
        summary: 'Freeze or lift trading (new orders) and withdrawals of a user',
        description: `${staffToken} A trading freeze refuses new orders only: positions can still be closed, pending orders cancelled, and stops fire. The reason is kept in the audit log.`,
        security,
        params: staffIdParamsSchema,
        body: userFreezeBodySchema,
        response: { 200: envelopeOf(userAccessSchema) },
      },
    },
    async (request) => {
      const staff = await requireStaff(request);
      const { trading, withdrawals, reason } = request.body;
      const access = await userAccess.setFrozen(
        staff.id,
        request.params.id,
        { trading, withdrawals },
        reason,
      );
      return ok(request, access, 'user.holds_saved');
    },
  );

  api.post(
    '/admin/api/users/:id/reset-password',
    {
      config: { staffRoles: COMPLIANCE },
      schema: {
        tags,
        summary:
          "Reset a user's password: the user is sent a code, the old password stops working, every session ends",
        description: `${staffToken} The user chooses a new password with the code through "Forgot password". If the code cannot be sent, nothing changes.`,
        security,
        params: staffIdParamsSchema,
        body: userPasswordResetBodySchema,
        response: { 200: envelopeOf(userAccessSchema) },
      },
    },
    async (request) => {
      const staff = await requireStaff(request);
      const access = await userAccess.resetPassword(
        staff.id,
        request.params.id,
        request.body.reason,
        request.ip,
      );
      return ok(request, access, 'user.password_reset_sent');
    },
  );
}
