/**
 * The back office's users desk: search, a trader's account as the engine holds it, their orders
 * and ledger, and the actions on their money (services/user-desk.ts does the work).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  backOfficePageOf,
  balanceAdjustBodySchema,
  envelopeOf,
  inviteeSchema,
  ledgerPageSchema,
  myDealResultSchema,
  orderRowSchema,
  pageQuerySchema,
  staffIdParamsSchema,
  staffOrderActionBodySchema,
  userDetailSchema,
  userOrderParamsSchema,
  userOrdersQuerySchema,
  userSearchQuerySchema,
  userSessionSchema,
  userSummarySchema,
} from '@omp/protocol';
import { z } from 'zod';
import { ok } from '../http/envelope-plugin.ts';
import { idempotentRequestOf } from '../http/idempotency-key.ts';
import { requireStaff } from '../http/staff-auth.ts';
import type { UserDesk } from '../services/user-desk.ts';
import { SESSION_SECURITY } from '../http/session-guard.ts';

const ANY_STAFF = [] as const;
const FINANCE = ['finance'] as const;
// Closing a trader's position is a dealing decision: the admin's alone.
const ADMIN = ['admin'] as const;
const security = SESSION_SECURITY;
const tags = ['staff: users'];

export async function staffTraderRoutes(app: FastifyInstance, deps: { userDesk: UserDesk }) {
  const { userDesk } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/admin/api/users',
    {
      config: { staffRoles: ANY_STAFF },
      schema: {
        tags,
        summary:
          'Find users by id, uid, e-mail or mobile number; filter by kind, hold and registration time; sort by id, registration or balance',
        security,
        querystring: userSearchQuerySchema,
        response: { 200: envelopeOf(backOfficePageOf(userSummarySchema)) },
      },
    },
    async (request) => {
      await requireStaff(request);
      const { q, is_demo, state, created_from_ms, created_to_ms, sort, order, page, page_size } =
        request.query;
      const search = {
        q,
        isDemo: is_demo === undefined ? undefined : is_demo === 1,
        state,
        createdFromMs: created_from_ms,
        createdBeforeMs: created_to_ms,
        sort,
        descending: order === 'desc',
      };
      return ok(request, await userDesk.page(search, page, page_size));
    },
  );

  api.get(
    '/admin/api/users/:id/sessions',
    {
      config: { staffRoles: ANY_STAFF },
      schema: {
        tags,
        summary: "A user's latest 50 sign-ins: when, from where, and whether the session is still live",
        description:
          'A session that ended is kept SESSION_HISTORY_RETENTION_DAYS (365 by default) after it expired; the ' +
          "user's newest is kept whatever its age.",
        security,
        params: staffIdParamsSchema,
        response: { 200: envelopeOf(z.array(userSessionSchema)) },
      },
    },
    async (request) => {
      await requireStaff(request);
      return ok(request, await userDesk.sessions(request.params.id));
    },
  );

  api.get(
    '/admin/api/users/:id/invitees',
    {
      config: { staffRoles: ANY_STAFF },
      schema: {
        tags,
        summary: 'The users this user invited, newest first',
        security,
        params: staffIdParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: envelopeOf(backOfficePageOf(inviteeSchema)) },
      },
    },
    async (request) => {
      await requireStaff(request);
      const { page, page_size } = request.query;
      return ok(request, await userDesk.invitees(request.params.id, page, page_size));
    },
  );

  api.get(
    '/admin/api/users/:id',
    {
      config: { staffRoles: ANY_STAFF },
      schema: {
        tags,
        summary: "A user's profile and account figures now (exact USD)",
        security,
        params: staffIdParamsSchema,
        response: { 200: envelopeOf(userDetailSchema) },
      },
    },
    async (request) => {
      await requireStaff(request);
      return ok(request, await userDesk.detail(request.params.id));
    },
  );

  api.get(
    '/admin/api/users/:id/orders',
    {
      config: { staffRoles: ANY_STAFF },
      schema: {
        tags,
        summary: "A user's holding, pending or closed orders, as their phone lists them",
        security,
        params: staffIdParamsSchema,
        querystring: userOrdersQuerySchema,
        response: { 200: envelopeOf(myDealResultSchema) },
      },
    },
    async (request) => {
      await requireStaff(request);
      const { status, page, page_size } = request.query;
      return ok(request, await userDesk.orders(request.params.id, status as 0 | 1 | 3, page, page_size));
    },
  );

  api.get(
    '/admin/api/users/:id/ledger',
    {
      config: { staffRoles: ANY_STAFF },
      schema: {
        tags,
        summary: "A user's ledger, newest first: every balance change",
        security,
        params: staffIdParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: envelopeOf(ledgerPageSchema) },
      },
    },
    async (request) => {
      await requireStaff(request);
      const { page, page_size } = request.query;
      return ok(request, await userDesk.ledger(request.params.id, request.lang, page, page_size));
    },
  );

  api.post(
    '/admin/api/users/:id/adjust',
    {
      schema: {
        tags,
        summary:
          'Credit or debit a real account: one ledger row of its kind (adjustment or bonus), audited (finance)',
        security,
        params: staffIdParamsSchema,
        body: balanceAdjustBodySchema,
        response: { 200: envelopeOf(userDetailSchema) },
      },
      config: { idempotent: true, staffRoles: FINANCE },
    },
    async (request) => {
      const staff = await requireStaff(request);
      const { amount, reason, kind } = request.body;
      const id = request.params.id;
      // Kept under the credited user; the operation names the staff member, so another member's
      // use of the same key is refused rather than answered with this one's adjustment.
      const idempotent = idempotentRequestOf(request, id, `staff_adjust:${staff.id}`);
      return ok(
        request,
        await userDesk.adjustBalance(staff.id, id, amount, reason, kind, idempotent),
        'user.adjusted',
      );
    },
  );

  for (const action of ['close', 'cancel'] as const)
    api.post(
      `/admin/api/users/:id/orders/:order_id/${action}`,
      {
        config: { staffRoles: ADMIN },
        schema: {
          tags,
          summary:
            action === 'close'
              ? 'Close a holding position at the market as staff (ClosedType 5), audited (admin)'
              : 'Cancel a pending order as staff, audited (admin)',
          security,
          params: userOrderParamsSchema,
          body: staffOrderActionBodySchema,
          response: { 200: envelopeOf(orderRowSchema) },
        },
      },
      async (request) => {
        const staff = await requireStaff(request);
        const { id, order_id } = request.params;
        const row = await userDesk.actOnOrder(staff.id, id, order_id, action, request.body.reason);
        return ok(request, row, action === 'close' ? 'order.closed_by_staff' : 'order.cancelled_by_staff');
      },
    );
}
