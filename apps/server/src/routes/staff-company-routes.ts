/**
 * The back office's calls on the broker companies of the alternate main mode (admin role): list,
 * add, and change one, including suspending it with the page its visitors are sent to. Each change
 * is written to the audit log with the company before and after.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  companyBodySchema,
  companyQuerySchema,
  companySchema,
  companyUpdateBodySchema,
  envelopeOf,
  pageOf,
} from '@omp/protocol';
import { ok } from '../http/envelope-plugin.ts';
import { requireStaff } from '../http/staff-auth.ts';
import { ADMIN, idParams, savedSchema, security, tags } from './staff-content-common.ts';
import type { StaffContentRouteDeps } from './staff-content-routes.ts';

export async function staffCompanyRoutes(app: FastifyInstance, deps: StaffContentRouteDeps) {
  const { contentAdmin: admin } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  const adminCompany = companySchema.extend({ loss_url: z.string(), sort: z.number().int() });
  api.get(
    '/admin/api/companies',
    {
      config: { staffRoles: ADMIN },
      schema: {
        tags,
        summary: 'Companies with their loss_url and sort order',
        security,
        querystring: companyQuerySchema,
        response: { 200: envelopeOf(pageOf(adminCompany)) },
      },
    },
    async (request) => {
      await requireStaff(request);
      const { name, page, page_size } = request.query;
      return ok(request, await admin.companiesPage(name, page, page_size));
    },
  );

  api.post(
    '/admin/api/companies',
    {
      config: { staffRoles: ADMIN },
      schema: {
        tags,
        summary: 'Add a company',
        security,
        body: companyBodySchema,
        response: { 200: savedSchema },
      },
    },
    async (request) => {
      const staff = await requireStaff(request);
      const id = await admin.createCompany(staff.id, request.body);
      return ok(request, { id }, 'content.saved');
    },
  );

  api.post(
    '/admin/api/companies/:id',
    {
      config: { staffRoles: ADMIN },
      schema: {
        tags,
        summary: 'Change a company, including its status (1 active, 2 suspended) and loss_url',
        security,
        params: idParams,
        body: companyUpdateBodySchema,
        response: { 200: savedSchema },
      },
    },
    async (request) => {
      const staff = await requireStaff(request);
      const { id } = request.params;
      await admin.updateCompany(staff.id, id, request.body);
      return ok(request, { id }, 'content.saved');
    },
  );
}
