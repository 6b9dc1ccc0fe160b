/**
 * Staff sign-in: password, then the authenticator (enrolled at the first login), then a working
 * session of a day that lapses after 30 minutes unused. Staff see their sessions and end them.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeOf,
  staffEnrolmentResultSchema,
  staffEnrolmentSchema,
  staffIdParamsSchema,
  staffLoginBodySchema,
  staffLoginResultSchema,
  staffSchema,
  staffPasswordChangeBodySchema,
  staffSecondFactorBodySchema,
  staffSessionSchema,
  staffVerifyResultSchema,
} from '@omp/protocol';
import { tokenOf } from '../http/auth-plugin.ts';
import { ok } from '../http/envelope-plugin.ts';
import { requirePendingStaffSession, requireStaff, staffSession } from '../http/staff-auth.ts';
import { toWireStaff, toWireStaffSession, type StaffService } from '../services/staff-service.ts';
import { SESSION_SECURITY } from '../http/session-guard.ts';

const security = SESSION_SECURITY;
const pendingToken = 'The token of /admin/api/login, before its second factor has passed.';
const staffToken = 'A staff token (login and second factor passed) in the authorization header.';

export async function staffSessionRoutes(app: FastifyInstance, deps: { staff: StaffService }) {
  const { staff } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['staff'];

  api.post(
    '/admin/api/login',
    {
      schema: {
        tags,
        summary: 'Staff login, step one: the password',
        description:
          'Form-encoded or JSON. The token answered opens only the second-factor calls for 10 minutes: ' +
          '`second_factor` says whether to enrol an authenticator (first login) or give its code. ' +
          '5 failures per name (30 per address) in 15 minutes, passwords and codes together, lock ' +
          'logins and their code steps for the rest of the window. User accounts cannot log in here.',
        body: staffLoginBodySchema,
        response: { 200: envelopeOf(staffLoginResultSchema) },
      },
    },
    async (request) => {
      const { username, password } = request.body;
      const client = { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
      const { token, staff: member, secondFactor } = await staff.login(username, password, client);
      return ok(request, { token, staff: toWireStaff(member), second_factor: secondFactor }, 'login_ok');
    },
  );

  api.post(
    '/admin/api/2fa/enrol',
    {
      schema: {
        tags,
        summary: 'Step two at the first login: the authenticator secret to scan',
        description: `${pendingToken} The same secret to this sign-in until a code confirms it; another sign-in of the member gets a secret of its own, which replaces it.`,
        security,
        response: { 200: envelopeOf(staffEnrolmentSchema) },
      },
    },
    async (request) => {
      const session = await requirePendingStaffSession(request);
      const { secret, otpauthUrl } = await staff.secondFactor.startEnrolment(session);
      return ok(request, { secret, otpauth_url: otpauthUrl });
    },
  );

  api.post(
    '/admin/api/2fa/enrol/confirm',
    {
      schema: {
        tags,
        summary: 'The first code confirms the authenticator and opens the session',
        description: `${pendingToken} Confirms the secret this sign-in was shown (no other). Answers ten recovery codes, shown this once.`,
        security,
        body: z.object({ code: z.string().regex(/^\d{6}$/, 'six digits') }),
        response: { 200: envelopeOf(staffEnrolmentResultSchema) },
      },
    },
    async (request) => {
      const session = await requirePendingStaffSession(request);
      const enrolled = await staff.secondFactor.confirmEnrolment(session, request.body.code, request.ip);
      return ok(
        request,
        { staff: toWireStaff(enrolled.staff), recovery_codes: enrolled.recoveryCodes },
        'staff.second_factor_enrolled_ok',
      );
    },
  );

  api.post(
    '/admin/api/2fa/verify',
    {
      schema: {
        tags,
        summary: 'Step two: the authenticator code (or a recovery code) opens the session',
        description: `${pendingToken} A code is accepted once; a recovery code is spent.`,
        security,
        body: staffSecondFactorBodySchema,
        response: { 200: envelopeOf(staffVerifyResultSchema) },
      },
    },
    async (request) => {
      const session = await requirePendingStaffSession(request);
      const { code, recovery_code } = request.body;
      const verified = await staff.secondFactor.verify(
        session,
        { code, recoveryCode: recovery_code },
        request.ip,
      );
      return ok(
        request,
        { staff: toWireStaff(verified.staff), recovery_codes_left: verified.recoveryCodesLeft },
        'login_ok',
      );
    },
  );

  api.post(
    '/admin/api/logout',
    {
      schema: {
        tags,
        summary: 'End this back-office session',
        description:
          `${staffToken} Or the token of /admin/api/login before its second factor has passed: a ` +
          'member who stops at the code step (another person at the desk, the wrong account) ends ' +
          'that sign-in at once rather than leaving it open for its 10 minutes.',
        security,
      },
    },
    async (request) => {
      await requirePendingStaffSession(request);
      await staff.logout(tokenOf(request)!);
      return ok(request, null, 'logout_ok');
    },
  );

  api.post(
    '/admin/api/password',
    {
      config: { staffRoles: [] },
      schema: {
        tags,
        summary: 'Change my own password (the password now and an authenticator code prove it is me)',
        description:
          `${staffToken} The new password meets the password rules (8 to 64 characters, a letter and a ` +
          'digit, not the username, not a common one). A wrong current password or code counts as a ' +
          'failed login of the member, under the same limits (5 in 15 minutes lock the name, logins ' +
          'included). On success every other session of the member ends at once, signed in or waiting ' +
          'for its second factor; this one stays. Written to the audit log.',
        security,
        body: staffPasswordChangeBodySchema,
      },
    },
    async (request) => {
      await requireStaff(request);
      const session = (await staffSession(request))!;
      const { old_password, new_password, code } = request.body;
      await staff.changeOwnPassword(session, {
        oldPassword: old_password,
        newPassword: new_password,
        code,
        ip: request.ip,
      });
      return ok(request, null, 'staff.password_changed');
    },
  );

  api.get(
    '/admin/api/me',
    {
      config: { staffRoles: [] },
      schema: {
        tags,
        summary: 'The logged-in staff member and their roles',
        description: staffToken,
        security,
        response: { 200: envelopeOf(staffSchema) },
      },
    },
    async (request) => {
      await requireStaff(request);
      return ok(request, toWireStaff((await staffSession(request))!.staff));
    },
  );

  api.get(
    '/admin/api/sessions',
    {
      config: { staffRoles: [] },
      schema: {
        tags,
        summary: 'My working back-office sessions, newest first',
        description: staffToken,
        security,
        response: { 200: envelopeOf(z.array(staffSessionSchema)) },
      },
    },
    async (request) => {
      const me = await requireStaff(request);
      const current = (await staffSession(request))?.id;
      const sessions = await staff.sessions(me.id);
      return ok(
        request,
        sessions.map((session) => toWireStaffSession(session, current)),
      );
    },
  );

  api.post(
    '/admin/api/sessions/:id/revoke',
    {
      config: { staffRoles: [] },
      schema: {
        tags,
        summary: 'End one of my sessions (another browser, a lost laptop)',
        description: staffToken,
        security,
        params: staffIdParamsSchema,
      },
    },
    async (request) => {
      const me = await requireStaff(request);
      await staff.endSession(me.id, request.params.id);
      return ok(request, null, 'staff.session_ended');
    },
  );
}
