/**
 * The back office's content calls (admin role): news in every language, the announcement and
 * complaint texts, and the public platform settings (the companies are in staff-company-routes.ts).
 * Each change is written to the audit log with the record before and after, in the same
 * transaction as the change.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeOf,
  localizedTextsBodySchema,
  newsAdminSchema,
  newsCreateBodySchema,
  newsUpdateBodySchema,
  levelImpactQuerySchema,
  levelImpactSchema,
  settingsBodySchema,
} from '@omp/protocol';
import { refused } from '../domain/errors.ts';
import { ok } from '../http/envelope-plugin.ts';
import { requireStaff } from '../http/staff-auth.ts';
import type { ContentAdmin } from '../services/content-admin.ts';
import type { SettingKey, SettingsService } from '../services/settings-service.ts';
import type { TradingService } from '../services/trading-service.ts';
import { ADMIN, idParams, savedSchema, security, tags } from './staff-content-common.ts';

export interface StaffContentRouteDeps {
  contentAdmin: ContentAdmin;
  settings: SettingsService;
  trading: Pick<TradingService, 'levelImpact'>;
}

export async function staffContentRoutes(app: FastifyInstance, deps: StaffContentRouteDeps) {
  const { contentAdmin: admin } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/admin/api/news/:id',
    {
      config: { staffRoles: ADMIN },
      schema: {
        tags,
        summary: 'An article with its texts in every language',
        security,
        params: idParams,
        response: { 200: envelopeOf(newsAdminSchema) },
      },
    },
    async (request) => {
      await requireStaff(request);
      return ok(request, await admin.news(request.params.id));
    },
  );

  api.post(
    '/admin/api/news',
    {
      config: { staffRoles: ADMIN },
      schema: {
        tags,
        summary: 'Publish an article (JSON body); its HTML is sanitised before it is stored',
        security,
        body: newsCreateBodySchema,
        response: { 200: savedSchema },
      },
    },
    async (request) => {
      const staff = await requireStaff(request);
      const id = await admin.createNews(staff.id, request.body);
      return ok(request, { id }, 'content.saved');
    },
  );

  api.post(
    '/admin/api/news/:id',
    {
      config: { staffRoles: ADMIN },
      schema: {
        tags,
        summary:
          'Change an article: fields given change, languages given replace their text (null removes one)',
        security,
        params: idParams,
        body: newsUpdateBodySchema,
        response: { 200: savedSchema },
      },
    },
    async (request) => {
      const staff = await requireStaff(request);
      const { id } = request.params;
      await admin.updateNews(staff.id, id, request.body);
      return ok(request, { id }, 'content.saved');
    },
  );

  api.post(
    '/admin/api/news/:id/delete',
    {
      config: { staffRoles: ADMIN },
      schema: {
        tags,
        summary: 'Delete an article',
        security,
        params: idParams,
        response: { 200: savedSchema },
      },
    },
    async (request) => {
      const staff = await requireStaff(request);
      const { id } = request.params;
      await admin.deleteNews(staff.id, id);
      return ok(request, { id }, 'content.deleted');
    },
  );

  api.get(
    '/admin/api/settings',
    {
      config: { staffRoles: ADMIN },
      schema: {
        tags,
        summary: 'Every platform setting (trading ones included) and the service texts in every language',
        security,
        response: {
          200: envelopeOf(
            z.object({
              settings: z.record(z.string(), z.string()),
              texts: z.record(z.string(), z.record(z.string(), z.string())),
            }),
          ),
        },
      },
    },
    async (request) => {
      await requireStaff(request);
      return ok(request, await admin.settingsAndTexts());
    },
  );

  api.post(
    '/admin/api/settings',
    {
      config: { staffRoles: ADMIN },
      schema: {
        tags,
        summary:
          'Change settings: trading (fee type, demo balance, stale quotes, margin call, stop-out) and screens',
        security,
        body: settingsBodySchema,
        response: { 200: envelopeOf(z.record(z.string(), z.string())) },
      },
    },
    async (request) => {
      const staff = await requireStaff(request);
      const changes = Object.entries(request.body).filter(
        (entry): entry is [SettingKey, string] => entry[1] !== undefined,
      );
      await deps.settings.changeByStaff(staff.id, changes);
      return ok(request, await deps.settings.all(), 'content.saved');
    },
  );

  api.get(
    '/admin/api/settings/level_impact',
    {
      config: { staffRoles: ADMIN },
      schema: {
        tags,
        summary:
          'What new margin-call and stop-out levels would do if saved now: the accounts at or below each at the current prices',
        security,
        querystring: levelImpactQuerySchema,
        response: { 200: envelopeOf(levelImpactSchema) },
      },
    },
    async (request) => {
      await requireStaff(request);
      const { margin_call_level: marginCallLevel, stop_out_level: stopOutLevel } = request.query;
      if (stopOutLevel >= marginCallLevel) throw refused('settings.stop_out_not_below_margin_call');
      return ok(request, await deps.trading.levelImpact({ marginCallLevel, stopOutLevel }));
    },
  );

  api.post(
    '/admin/api/settings/texts',
    {
      config: { staffRoles: ADMIN },
      schema: {
        tags,
        summary: 'Set the announcement or the complaint text per language (JSON body)',
        security,
        body: localizedTextsBodySchema,
        response: { 200: envelopeOf(z.record(z.string(), z.string())) },
      },
    },
    async (request) => {
      const staff = await requireStaff(request);
      const after = await admin.changeTexts(staff.id, request.body);
      return ok(request, after, 'content.saved');
    },
  );
}
