/**
 * The retail risk warning and the leverage caps (docs/decisions/0022): the warning every screen
 * shows, a real user's acknowledgement before their first order, and the back office's texts,
 * figure and caps (admin changes them; every change is audited and applies on every node at once).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeOf,
  leverageCapRowSchema,
  leverageCapsBodySchema,
  riskAcknowledgementSchema,
  riskWarningSchema,
  riskWarningTextsBodySchema,
  staffRiskWarningSchema,
} from '@omp/protocol';
import { requireRealUser, sessionUser } from '../http/auth-plugin.ts';
import { ok } from '../http/envelope-plugin.ts';
import { requireStaff } from '../http/staff-auth.ts';
import type { LeverageCaps } from '../services/leverage-caps.ts';
import type { RiskWarningService } from '../services/risk-warning-service.ts';
import { SESSION_SECURITY } from '../http/session-guard.ts';

export interface RiskWarningRouteDeps {
  riskWarning: RiskWarningService;
  leverageCaps: LeverageCaps;
}

const security = SESSION_SECURITY;
const staffTags = ['staff: trading'];

export async function riskWarningRoutes(app: FastifyInstance, deps: RiskWarningRouteDeps) {
  const { riskWarning, leverageCaps } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/risk/warning',
    {
      schema: {
        tags: ['risk'],
        summary:
          'The retail risk warning in the request’s language, with the share of real accounts that lost money',
        description:
          'No login needed (registration shows it). The figure covers real accounts with a trade closed in the ' +
          'last 12 months, net of fees, and is recomputed periodically; below a minimum number of accounts ' +
          'percent is null and the text carries no figure. With a real user’s token, acknowledged says whether ' +
          'they acknowledged the warning (asked once before their first order).',
        response: { 200: envelopeOf(riskWarningSchema) },
      },
    },
    async (request) => {
      const user = await sessionUser(request);
      const acknowledged =
        user && !user.isDemo ? (await riskWarning.acknowledgedAt(user.id)) !== undefined : null;
      return ok(request, riskWarning.warning(request.lang, acknowledged));
    },
  );

  api.post(
    '/api/risk/acknowledge',
    {
      schema: {
        tags: ['risk'],
        security,
        summary: 'A real user acknowledges the risk warning (once; asking again keeps the first time)',
        response: { 200: envelopeOf(riskAcknowledgementSchema) },
      },
    },
    async (request) => {
      const user = await requireRealUser(request);
      const atMs = await riskWarning.acknowledge(user.id);
      return ok(request, { acknowledged_at: Math.floor(atMs / 1000) });
    },
  );

  api.get(
    '/admin/api/risk_warning',
    {
      config: { staffRoles: [] },
      schema: {
        tags: staffTags,
        security,
        summary: 'The risk warning: texts per language (staff-set and default) and the current figure',
        response: { 200: envelopeOf(staffRiskWarningSchema) },
      },
    },
    async (request) => {
      await requireStaff(request);
      return ok(request, riskWarning.staffView());
    },
  );

  api.post(
    '/admin/api/risk_warning',
    {
      config: { staffRoles: ['admin'] },
      schema: {
        tags: staffTags,
        security,
        summary: 'Set the risk warning text per language (admin, audited); {percent} stands for the figure',
        description:
          'An empty text goes back to the default of that language. Applies on every node at once.',
        body: riskWarningTextsBodySchema,
        response: { 200: envelopeOf(staffRiskWarningSchema) },
      },
    },
    async (request) => {
      const staff = await requireStaff(request);
      return ok(request, await riskWarning.changeTexts(staff.id, request.body.texts), 'content.saved');
    },
  );

  api.post(
    '/admin/api/risk_warning/refresh',
    {
      config: { staffRoles: ['admin'] },
      schema: {
        tags: staffTags,
        security,
        summary: 'Compute the risk warning’s figure now instead of at the next periodic refresh (this node)',
        response: { 200: envelopeOf(staffRiskWarningSchema) },
      },
    },
    async (request) => {
      await requireStaff(request);
      await riskWarning.refresh();
      return ok(request, riskWarning.staffView());
    },
  );

  api.get(
    '/admin/api/leverage_caps',
    {
      config: { staffRoles: [] },
      schema: {
        tags: staffTags,
        security,
        summary: 'The leverage cap of every class of instrument, its default and its instruments',
        response: { 200: envelopeOf(z.array(leverageCapRowSchema)) },
      },
    },
    async (request) => {
      await requireStaff(request);
      return ok(request, leverageCaps.rows());
    },
  );

  api.post(
    '/admin/api/leverage_caps',
    {
      config: { staffRoles: ['admin'] },
      schema: {
        tags: staffTags,
        security,
        summary:
          'Change leverage caps (admin, with a reason, audited); applies to the next order on every node',
        description:
          'Orders above a cap are refused; trade_list offers only the leverage under it (the cap itself when ' +
          'no option is). Open positions and waiting orders keep their leverage.',
        body: leverageCapsBodySchema,
        response: { 200: envelopeOf(z.array(leverageCapRowSchema)) },
      },
    },
    async (request) => {
      const staff = await requireStaff(request);
      const { caps, reason } = request.body;
      return ok(request, await leverageCaps.changeByStaff(staff.id, caps, reason), 'leverage_caps.saved');
    },
  );
}
