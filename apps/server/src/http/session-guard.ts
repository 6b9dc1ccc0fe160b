/**
 * A call that needs a session says so in its schema (`security: [{ token: [] }]`, which the OpenAPI
 * document shows), and a request without a live one is answered 999 before anything it carries is
 * read or checked (its body is not even parsed). Otherwise a request with no token and an empty body was told a field was missing, as if
 * it could go on with the field, and a caller could learn the rules of a call it may not make.
 *
 * Under `/admin/api/` the session is a staff member's. A call that names its roles
 * (`config: { staffRoles }`) needs a working session with one of them, checked here too: a staff
 * member without the role is refused (or a session still at its second factor told to sign in)
 * before a malformed body could teach them the call's rules. The enrolment and code calls name no
 * roles and take a session still at its second factor as well.
 *
 * The route's handler still asks for its session (`requireUser`, `requireStaff`): the lookup is
 * made once per request (auth-plugin.ts, staff-auth.ts), so this costs no second one.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ResponseCode } from '@omp/protocol';
import { DomainError } from '../domain/errors.ts';
import { guardedPathOf, requireUser, tokenOf } from './auth-plugin.ts';
import { requireStaff, staffSession } from './staff-auth.ts';

/** A route's `security` when it needs a session: what the OpenAPI document shows and this guard reads. */
export const SESSION_SECURITY = [{ token: [] as string[] }];

/** The route's schema names the session token among its security requirements. */
export function declaresSession(request: FastifyRequest): boolean {
  const security = (request.routeOptions.schema as { security?: Array<Record<string, unknown>> } | undefined)
    ?.security;
  return security?.some((requirement) => 'token' in requirement) ?? false;
}

async function hasStaffSession(request: FastifyRequest): Promise<boolean> {
  if (await staffSession(request)) return true;
  return (await request.server.staffService.openedSession(tokenOf(request))) !== undefined;
}

async function sessionGuard(app: FastifyInstance) {
  // Before the body is read: a request without a session (or without the role) is answered on its
  // headers alone, so nobody who may not make a call gets a body parsed for it (a megabyte of JSON,
  // a multipart stream), nor learns from a refusal of the body's bytes what the call would accept.
  app.addHook('onRequest', async (request) => {
    if (!declaresSession(request)) return;
    if (!guardedPathOf(request).startsWith('/admin/api/')) {
      await requireUser(request);
      return;
    }
    if (request.routeOptions.config.staffRoles) {
      await requireStaff(request);
      return;
    }
    if (!(await hasStaffSession(request)))
      throw new DomainError(ResponseCode.sessionInvalid, 'session_invalid');
  });
}

export default fp(sessionGuard, { name: 'session-guard', dependencies: ['envelope'] });
