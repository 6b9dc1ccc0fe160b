/** Sign-in and registration calls (docs/CONTRACT.md "Calls"): login, registration, demo login, passwords, codes. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  amendPasswordBodySchema,
  captchaSchema,
  CodePurpose,
  demoLoginQuerySchema,
  envelopeOf,
  forgetPasswordBodySchema,
  loginBodySchema,
  loginChallengeSchema,
  loginResultSchema,
  ResponseCode,
  registerBodySchema,
  sendCodeBodySchema,
  userInfoSchema,
} from '@omp/protocol';
import { refused } from '../domain/errors.ts';
import { requireRealUser, requireUser, sessionUser, tokenOf } from '../http/auth-plugin.ts';
import { ok } from '../http/envelope-plugin.ts';
import { sessionDeviceOf } from '../http/session-device.ts';
import { translate } from '../i18n/translate.ts';
import { toWireUser, type AuthService } from '../services/auth-service.ts';
import { LOGIN_CHALLENGE_TTL_MS, type UserSecondFactor } from '../services/user-second-factor.ts';
import type { LeaderboardService } from '../services/leaderboard-service.ts';
import type { VerificationService } from '../services/verification-service.ts';
import { SESSION_SECURITY } from '../http/session-guard.ts';

export interface AuthRouteDeps {
  auth: AuthService;
  codes: VerificationService;
  leaderboard: Pick<LeaderboardService, 'optedIn'>;
  secondFactor: Pick<UserSecondFactor, 'isEnabled'>;
}

const tags = ['account'];
const form = 'Form-encoded (application/x-www-form-urlencoded) or JSON.';

export async function authRoutes(app: FastifyInstance, deps: AuthRouteDeps) {
  const { auth, codes } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/user/loginForU',
    {
      schema: {
        tags,
        summary: 'Log in by e-mail or mobile number',
        description:
          `${form} When the account has two-step sign-in on, a right password answers code 0 with ` +
          'data.second_factor "totp" and a challenge for /api/user/login/second_factor, and no token: ' +
          'a client that knows no second step shows `msg`, which says so.',
        body: loginBodySchema,
        response: { 200: envelopeOf(z.union([loginResultSchema, loginChallengeSchema])) },
      },
    },
    async (request) => {
      const { account, password, type, area_id } = request.body;
      const device = sessionDeviceOf(request);
      const outcome = await auth.login({ account, password, type, areaId: area_id, ip: request.ip, device });
      if ('challenge' in outcome)
        return {
          code: ResponseCode.refused,
          msg: translate(request.lang, 'two_factor.code_needed'),
          data: {
            second_factor: 'totp' as const,
            challenge: outcome.challenge,
            expires_in: LOGIN_CHALLENGE_TTL_MS / 1000,
          },
        };
      return ok(request, { token: outcome.token, user: toWireUser(outcome.user) }, 'login_ok');
    },
  );

  api.get(
    '/api/user/createAccountDemoForU',
    {
      schema: {
        tags,
        summary: 'One-tap demo account: the same demo_id returns to the same account',
        querystring: demoLoginQuerySchema,
        response: { 200: envelopeOf(loginResultSchema) },
      },
    },
    async (request) => {
      const { token, user, demoId } = await auth.demoLogin(
        request.query.demo_id,
        request.ip,
        sessionDeviceOf(request),
      );
      return ok(request, { token, user: toWireUser(user), demo_id: demoId }, 'login_ok');
    },
  );

  api.post(
    '/api/user/demo_session',
    {
      schema: {
        tags,
        summary: "A session on the signed-in real user's own demo account (opened on first use)",
        description:
          'One demo account per real user, starting with the demo balance, tied to the user; the same ' +
          'account on every call. Only a real session may ask: a demo session is refused, so going ' +
          "back to the real account takes the real session's own token (or a new login).",
        security: SESSION_SECURITY,
        response: { 200: envelopeOf(loginResultSchema) },
      },
    },
    async (request) => {
      const { token, user } = await auth.ownDemoLogin(
        await requireRealUser(request),
        // Signed in, so there is one: the demo session opens only while it is live.
        tokenOf(request) ?? '',
        request.ip,
        sessionDeviceOf(request),
      );
      return ok(request, { token, user: toWireUser(user) }, 'own_demo_ok');
    },
  );

  api.get(
    '/api/user/info',
    {
      schema: {
        tags,
        summary: 'The logged-in user',
        security: SESSION_SECURITY,
        response: { 200: envelopeOf(userInfoSchema) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const optedIn = await deps.leaderboard.optedIn(user.id);
      const twoFactor = await deps.secondFactor.isEnabled(user.id);
      return ok(request, {
        ...toWireUser(user),
        show_on_leaderboard: optedIn ? 1 : 0,
        two_factor: twoFactor ? 1 : 0,
      });
    },
  );

  api.post(
    '/api/user/logout',
    { schema: { tags, summary: 'End this session', security: SESSION_SECURITY } },
    async (request) => {
      await requireUser(request);
      await auth.logout(tokenOf(request)!);
      return ok(request, null, 'logout_ok');
    },
  );

  api.post(
    '/api/user/register',
    {
      schema: {
        tags,
        summary: 'Register a real account with a verification code',
        description: `${form} The code comes from send_email or send_sms (type 1).`,
        body: registerBodySchema,
        response: { 200: envelopeOf(loginResultSchema) },
      },
    },
    async (request) => {
      const b = request.body;
      const account = b.type === 'mobile' && b.mobile ? b.mobile : b.account;
      const { token, user } = await auth.register({
        type: b.type,
        account,
        areaId: b.area_id,
        password: b.password,
        rePassword: b.re_password,
        inviteCode: b.invite_code || undefined,
        code: b.sms_code,
        ip: request.ip,
        device: sessionDeviceOf(request),
      });
      return ok(request, { token, user: toWireUser(user) }, 'register_ok');
    },
  );

  api.post(
    '/api/user/forget_password',
    {
      schema: {
        tags,
        summary: 'Reset a forgotten password with a code (type 2)',
        description: form,
        body: forgetPasswordBodySchema,
      },
    },
    async (request) => {
      const b = request.body;
      await auth.resetForgottenPassword({
        type: b.type,
        account: b.account,
        areaId: b.area_id,
        newPassword: b.new_password,
        confirmation: b.secondary_password,
        code: b.auth_code,
        ip: request.ip,
        device: sessionDeviceOf(request),
      });
      return ok(request, null, 'password_reset_ok');
    },
  );

  api.post(
    '/api/user/amend_password',
    {
      schema: {
        tags,
        summary: "Change the password with a code sent to the user's own address (real accounts)",
        description: `${form} Every session is revoked; the answer carries a new token for this device.`,
        security: SESSION_SECURITY,
        body: amendPasswordBodySchema,
        response: { 200: envelopeOf(z.object({ token: z.string() })) },
      },
    },
    async (request) => {
      const user = await requireRealUser(request);
      const b = request.body;
      const result = await auth.amendPassword(user, {
        newPassword: b.new_password,
        confirmation: b.re_password,
        type: b.type,
        code: b.auth_code,
        currentPassword: b.old_password,
        ip: request.ip,
        sessionToken: tokenOf(request),
        device: sessionDeviceOf(request),
      });
      return ok(request, result, 'password_changed');
    },
  );

  api.get(
    '/api/captcha',
    {
      schema: {
        tags,
        summary: 'A new single-use captcha image',
        response: { 200: envelopeOf(captchaSchema) },
      },
    },
    async (request) => ok(request, await codes.createCaptcha()),
  );

  const sendCode =
    (channel: 'email' | 'sms') =>
    async (request: { body: z.infer<typeof sendCodeBodySchema> } & Parameters<typeof sessionUser>[0]) => {
      const { to, area_id, type, key, captcha } = request.body;
      const user = await sessionUser(request);
      let address: string;
      if (!to && user && type === CodePurpose.reset) {
        // A logged-in user changing the password: the code goes to their own address.
        if (user.isDemo) throw refused('demo_restricted');
        address = auth.ownAddress(user, channel === 'email' ? 'email' : 'mobile').address;
      } else {
        await codes.checkCaptcha(key, captcha);
        const identifier = auth.identify(channel === 'email' ? 'email' : 'mobile', to ?? '', area_id);
        if (type === CodePurpose.register) {
          await auth.assertRegistrationAllowed(channel === 'email' ? 'email' : 'mobile');
          if (await auth.findUser(identifier)) throw refused('account_exists');
        } else if (!(await auth.findUser(identifier))) {
          throw refused('account_not_found');
        }
        address = identifier.address;
      }
      await codes.sendCode({ channel, address, purpose: type, ip: request.ip, lang: request.lang });
      return ok(request, null, 'code_sent');
    };

  const codeSchema = (what: string) => ({
    schema: {
      tags,
      summary: `Send a 6-digit code by ${what} (type 1 register, 2 reset)`,
      description: `${form} Visitors solve a captcha (key + captcha); a logged-in user may omit \`to\` for type 2.`,
      body: sendCodeBodySchema,
    },
  });
  api.post('/api/notify/send_email', codeSchema('e-mail'), sendCode('email'));
  api.post('/api/notify/send_sms', codeSchema('SMS'), sendCode('sms'));
}
