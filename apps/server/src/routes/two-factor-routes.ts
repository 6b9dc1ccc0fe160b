/**
 * Two-step sign-in of traders (docs/CONTRACT.md "Two-step sign-in"): the login's code step,
 * enrolling an authenticator app from the phone, turning it off, and the back office's reset of
 * a lost one. The password step is `/api/user/loginForU` (auth-routes.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelopeOf,
  loginResultSchema,
  loginSecondStepBodySchema,
  staffIdParamsSchema,
  twoFactorConfirmBodySchema,
  twoFactorDisableBodySchema,
  twoFactorEnrolmentSchema,
  twoFactorRecoveryCodesSchema,
  twoFactorStatusSchema,
  userAccessSchema,
  userTwoFactorResetBodySchema,
} from '@omp/protocol';
import { requireRealUser, tokenOf } from '../http/auth-plugin.ts';
import { ok } from '../http/envelope-plugin.ts';
import { sessionDeviceOf } from '../http/session-device.ts';
import { requireStaff } from '../http/staff-auth.ts';
import { hashToken, toWireUser, type AuthService } from '../services/auth-service.ts';
import type { UserSecondFactor } from '../services/user-second-factor.ts';
import { SESSION_SECURITY } from '../http/session-guard.ts';

export interface TwoFactorRouteDeps {
  auth: AuthService;
  secondFactor: UserSecondFactor;
}

const tags = ['account'];
const security = SESSION_SECURITY;
const limits =
  'Wrong codes count as failed logins of the account: 5 in 15 minutes, passwords and codes together, lock it for the rest of the window.';
/** The login's code step is a login: the address's limit stops it too. */
const signInLimits = `${limits} They count against the address too, and from an address with 30 failed logins in the window the code step is refused as a password is.`;

export async function twoFactorRoutes(app: FastifyInstance, deps: TwoFactorRouteDeps) {
  const { auth, secondFactor } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/user/login/second_factor',
    {
      schema: {
        tags,
        summary: 'Log in, step two: the authenticator code (or a recovery code) opens the session',
        description: `The challenge comes from /api/user/loginForU (code 0, data.second_factor "totp"); it is good for 10 minutes and opens one session. A code is accepted once; a recovery code is spent. ${signInLimits}`,
        body: loginSecondStepBodySchema,
        response: { 200: envelopeOf(loginResultSchema) },
      },
    },
    async (request) => {
      const { challenge, code, recovery_code } = request.body;
      const { token, user } = await auth.loginSecondStep({
        challenge,
        proof: { code, recoveryCode: recovery_code },
        ip: request.ip,
        device: sessionDeviceOf(request),
      });
      return ok(request, { token, user: toWireUser(user) }, 'login_ok');
    },
  );

  api.get(
    '/api/user/two_factor',
    {
      schema: {
        tags,
        summary: 'Whether two-step sign-in is on, and how many recovery codes are left',
        security,
        response: { 200: envelopeOf(twoFactorStatusSchema) },
      },
    },
    async (request) => {
      const user = await requireRealUser(request);
      const status = await secondFactor.status(user.id);
      return ok(request, {
        enabled: status.enabled ? 1 : 0,
        enrolled_at: status.enrolledAt === null ? null : Math.floor(status.enrolledAt / 1000),
        recovery_codes_left: status.recoveryCodesLeft,
      });
    },
  );

  api.post(
    '/api/user/two_factor/enrol',
    {
      schema: {
        tags,
        summary: 'Start turning on two-step sign-in: the authenticator secret to scan',
        description:
          'Real accounts. The same secret to the same session until a code confirms it; another session gets a new one.',
        security,
        response: { 200: envelopeOf(twoFactorEnrolmentSchema) },
      },
    },
    async (request) => {
      const user = await requireRealUser(request);
      const { secret, otpauthUrl } = await secondFactor.startEnrolment(
        user,
        hashToken(tokenOf(request) ?? ''),
      );
      return ok(request, { secret, otpauth_url: otpauthUrl });
    },
  );

  api.post(
    '/api/user/two_factor/enrol/confirm',
    {
      schema: {
        tags,
        summary: 'The password and the first code from the app turn two-step sign-in on',
        description: `Only the session that started the enrolment can confirm it. Answers ten recovery codes, shown this once. ${limits}`,
        security,
        body: twoFactorConfirmBodySchema,
        response: { 200: envelopeOf(twoFactorRecoveryCodesSchema) },
      },
    },
    async (request) => {
      const user = await requireRealUser(request);
      await auth.checkCurrentPassword(user, request.body.password, request.ip);
      const session = hashToken(tokenOf(request) ?? '');
      const codes = await secondFactor.confirmEnrolment(
        user.id,
        session,
        request.body.code,
        request.ip,
        request.lang,
      );
      return ok(request, { recovery_codes: codes }, 'two_factor.enabled');
    },
  );

  api.post(
    '/api/user/two_factor/disable',
    {
      schema: {
        tags,
        summary: 'Turn two-step sign-in off with the password and a code (or a recovery code)',
        description: limits,
        security,
        body: twoFactorDisableBodySchema,
      },
    },
    async (request) => {
      const user = await requireRealUser(request);
      const { password, code, recovery_code } = request.body;
      await auth.checkCurrentPassword(user, password, request.ip);
      await secondFactor.disable(user.id, { code, recoveryCode: recovery_code }, request.ip, request.lang);
      return ok(request, null, 'two_factor.disabled');
    },
  );

  api.post(
    '/admin/api/users/:id/two_factor/reset',
    {
      config: { staffRoles: ['compliance'] },
      schema: {
        tags: ['staff: users'],
        summary:
          "Reset a user's lost authenticator: they sign in with the password alone until they enrol again",
        description:
          'The staff token from /admin/api/login in the authorization header (compliance or admin). The reason is kept in the audit log, not shown to the user; the user is sent a notice in their own language.',
        security,
        params: staffIdParamsSchema,
        body: userTwoFactorResetBodySchema,
        response: { 200: envelopeOf(userAccessSchema) },
      },
    },
    async (request) => {
      const staff = await requireStaff(request);
      const access = await secondFactor.resetByStaff(staff.id, request.params.id, request.body.reason);
      return ok(request, access, 'two_factor.reset_done');
    },
  );
}
