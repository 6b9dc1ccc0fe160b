/**
 * Where the user is signed in, signing sessions out, and changing the e-mail address or mobile
 * number (docs/CONTRACT.md "Sessions and devices", "Changing the e-mail or mobile").
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changeContactBodySchema,
  contactCodeBodySchema,
  envelopeOf,
  sessionIdBodySchema,
  signedInSessionSchema,
} from '@omp/protocol';
import { requireRealUser, requireUser, tokenOf } from '../http/auth-plugin.ts';
import { ok } from '../http/envelope-plugin.ts';
import { hashToken } from '../services/auth-service.ts';
import type { ContactChange } from '../services/contact-change.ts';
import type { SessionDevices } from '../services/session-devices.ts';
import { SESSION_SECURITY } from '../http/session-guard.ts';

export interface SessionRouteDeps {
  sessionDevices: SessionDevices;
  contactChange: ContactChange;
}

export async function sessionRoutes(app: FastifyInstance, deps: SessionRouteDeps) {
  const { sessionDevices, contactChange } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];
  const security = SESSION_SECURITY;
  const form = 'Form-encoded (application/x-www-form-urlencoded) or JSON.';
  /** The hash of the token the request came with; requireUser has checked there is one. */
  const currentHash = (request: Parameters<typeof tokenOf>[0]) => hashToken(tokenOf(request) ?? '');

  api.get(
    '/api/user/sessions',
    {
      schema: {
        tags,
        security,
        summary: 'Where the user is signed in: this session first, then the others, most recently used first',
        description:
          'Device and browser come from the User-Agent the session opened with; area is the time zone ' +
          'the app reported then (no location is looked up); last_used_at moves at most once a minute.',
        response: { 200: envelopeOf(z.array(signedInSessionSchema)) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return ok(request, await sessionDevices.list(user.id, currentHash(request), user.isDemo));
    },
  );

  api.post(
    '/api/user/sessions/sign_out',
    {
      schema: {
        tags,
        security,
        summary: 'Sign one of the user’s sessions out',
        description: `${form} Its token answers 999 from now on and its socket is told at once (session_ended).`,
        body: sessionIdBodySchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await sessionDevices.signOut(user.id, request.body.id, currentHash(request));
      return ok(request, null, 'sessions.signed_out');
    },
  );

  api.post(
    '/api/user/sessions/sign_out_others',
    {
      schema: {
        tags,
        security,
        summary: 'Sign out every session of the user except this one',
        response: { 200: envelopeOf(z.object({ ended: z.number().int().describe('Sessions ended') })) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const ended = await sessionDevices.signOutOthers(user.id, currentHash(request));
      return ok(request, { ended }, 'sessions.signed_out_others');
    },
  );

  api.post(
    '/api/user/contact_code',
    {
      schema: {
        tags,
        security,
        summary: 'Send a code to a new e-mail address or mobile number (real accounts)',
        description: `${form} Refused when another account uses the address. Limits as for every code.`,
        body: contactCodeBodySchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const user = await requireRealUser(request);
      const { type, to, area_id } = request.body;
      await contactChange.sendCode(user, { type, to, areaId: area_id }, request.ip, request.lang);
      return ok(request, null, 'code_sent');
    },
  );

  api.post(
    '/api/user/change_contact',
    {
      schema: {
        tags,
        security,
        summary: 'Replace the e-mail address or mobile number with the code sent to the new one',
        description:
          `${form} Needs the password too. The old address is told of the change; sessions stay ` +
          'signed in.',
        body: changeContactBodySchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const user = await requireRealUser(request);
      const { type, to, area_id, code, password } = request.body;
      await contactChange.change(
        user,
        { type, to, areaId: area_id, code, password },
        request.ip,
        request.lang,
      );
      return ok(request, null, 'contact.changed');
    },
  );
}
