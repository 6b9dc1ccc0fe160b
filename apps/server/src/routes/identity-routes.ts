/**
 * Identity verification: the user's calls (docs/CONTRACT.md "Identity") (`user_real/*`, real accounts
 * only) and the compliance review of submissions in the back office.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  backOfficePageOf,
  envelopeOf,
  identityCenterSchema,
  identityListQuerySchema,
  identityRejectBodySchema,
  identitySubmissionSchema,
  realNameBodySchema,
  staffIdParamsSchema,
} from '@omp/protocol';
import { requireRealUser } from '../http/auth-plugin.ts';
import { ok } from '../http/envelope-plugin.ts';
import { requireStaff } from '../http/staff-auth.ts';
import type { IdentityService } from '../services/identity-service.ts';
import { SESSION_SECURITY } from '../http/session-guard.ts';
import { filesForRoles } from './staff-file-links.ts';

export interface IdentityRouteDeps {
  identity: IdentityService;
}

const COMPLIANCE = ['compliance'] as const;
/** Reading the queue: support sees it too, and decides nothing. */
const READ_IDENTITY = ['compliance', 'support'] as const;
/** The photos of a submission: links only to compliance and admin (staff-file-links.ts). */
const PHOTO_FIELDS = ['front_pic', 'reverse_pic'] as const;
const security = SESSION_SECURITY;
const staffToken = 'The staff token from /admin/api/login in the authorization header (compliance or admin).';

export async function identityRoutes(app: FastifyInstance, deps: IdentityRouteDeps) {
  const { identity } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['identity'];

  api.post(
    '/api/user_real/real_name',
    {
      schema: {
        tags,
        summary: 'Send name, document and one front and one reverse photo for review',
        description:
          'Form-encoded or JSON. The photos are urls image_upload returned to this user. Refused while a ' +
          'submission waits or once certified; allowed again after a rejection.',
        security,
        body: realNameBodySchema,
      },
    },
    async (request) => {
      const user = await requireRealUser(request);
      const b = request.body;
      await identity.submit(user.id, {
        name: b.name,
        cardId: b.card_id,
        cardType: b.card_type,
        frontPic: b.front_pic,
        reversePic: b.reverse_pic,
      });
      return ok(request, null, 'identity.submitted');
    },
  );

  api.get(
    '/api/user_real/center',
    {
      schema: {
        tags,
        summary:
          "The user's identity state: 0 form (with the reason after a rejection), 1 waiting, 2 certified",
        security,
        response: { 200: envelopeOf(identityCenterSchema) },
      },
    },
    async (request) => {
      const user = await requireRealUser(request);
      return ok(request, await identity.center(user.id));
    },
  );

  const staffTags = ['identity', 'staff'];

  api.get(
    '/admin/api/identity',
    {
      config: { staffRoles: READ_IDENTITY },
      schema: {
        tags: staffTags,
        summary: 'Identity submissions, newest first, by status and user',
        description: staffToken,
        security,
        querystring: identityListQuerySchema,
        response: { 200: envelopeOf(backOfficePageOf(identitySubmissionSchema)) },
      },
    },
    async (request) => {
      const staff = await requireStaff(request);
      const { status, user_id, from_ms, to_ms, page, page_size } = request.query;
      const found = await identity.list(
        { status, userId: user_id, fromMs: from_ms, toMs: to_ms },
        page,
        page_size,
      );
      const list = found.list.map((entry) => filesForRoles(staff.roles, 'identity', entry, PHOTO_FIELDS));
      return ok(request, { ...found, list });
    },
  );

  api.get(
    '/admin/api/identity/:id',
    {
      config: { staffRoles: READ_IDENTITY },
      schema: {
        tags: staffTags,
        summary: 'One submission with the urls of its photos',
        description: `${staffToken} The photo urls are signed links that open them for a few minutes, also in an <img> tag; empty to a member whose roles may not read identity photos (compliance and admin may).`,
        security,
        params: staffIdParamsSchema,
        response: { 200: envelopeOf(identitySubmissionSchema) },
      },
    },
    async (request) => {
      const staff = await requireStaff(request);
      const found = await identity.detail(request.params.id);
      return ok(request, filesForRoles(staff.roles, 'identity', found, PHOTO_FIELDS));
    },
  );

  api.post(
    '/admin/api/identity/:id/approve',
    {
      config: { staffRoles: COMPLIANCE },
      schema: {
        tags: staffTags,
        summary: 'Certify a waiting submission (once; a second decision is refused)',
        description: staffToken,
        security,
        params: staffIdParamsSchema,
        response: { 200: envelopeOf(identitySubmissionSchema) },
      },
    },
    async (request) => {
      const staff = await requireStaff(request);
      return ok(request, await identity.approve(staff, request.params.id), 'identity.approved');
    },
  );

  api.post(
    '/admin/api/identity/:id/reject',
    {
      config: { staffRoles: COMPLIANCE },
      schema: {
        tags: staffTags,
        summary: 'Reject a waiting submission with the reason the user will read',
        description: staffToken,
        security,
        params: staffIdParamsSchema,
        body: identityRejectBodySchema,
        response: { 200: envelopeOf(identitySubmissionSchema) },
      },
    },
    async (request) => {
      const staff = await requireStaff(request);
      return ok(
        request,
        await identity.reject(staff, request.params.id, request.body.remark),
        'identity.rejected',
      );
    },
  );
}
