/** Common calls: country calling codes, public settings and the settings the screens start with. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { areaCodeSchema, envelopeOf } from '@omp/protocol';
import type { AppConfig } from '../config.ts';
import { notFound } from '../domain/errors.ts';
import { ok } from '../http/envelope-plugin.ts';
import { AREA_CODES } from '../seed/area-codes.ts';
import type { ServiceTexts } from '../services/service-texts.ts';
import { isSettingKey, PUBLIC_SETTING_KEYS, type SettingsService } from '../services/settings-service.ts';

export interface CommonRouteDeps {
  config: AppConfig;
  settings: SettingsService;
  serviceTexts: ServiceTexts;
}

const basicInfoSchema = z.object({
  desktop_site_url: z
    .string()
    .nullable()
    .describe('Desktop site for non-mobile browsers; null shows the phone layout centred'),
  main_mode: z.string().describe('trade: /product searches instruments; company: companies'),
  trade_fee_type: z.number().int().describe('1 fee = lots x rate; otherwise margin x rate'),
  verify_reg_type: z.string().describe('Registration by email, mobile or both'),
  is_show_mobile: z.number().int(),
  whatsapp_link: z.string(),
  telegram_link: z.string(),
  service_link: z.string(),
  service_link_type: z.string(),
  complaint_email: z.string(),
  complaint_email_host: z
    .string()
    .describe('Empty: ask this server for /api/notify/complaint_email; otherwise the host to ask'),
  announcement: z
    .string()
    .describe("The announcement page's text in the request's language (English where it has none)"),
});

export async function commonRoutes(app: FastifyInstance, deps: CommonRouteDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['settings'];

  api.get(
    '/api/default/area_list',
    {
      schema: {
        tags,
        summary: 'Country and region calling codes (ITU E.164)',
        response: { 200: envelopeOf(z.array(areaCodeSchema)) },
      },
    },
    async (request) => ok(request, [...AREA_CODES]),
  );

  api.get(
    '/api/default/setting',
    {
      schema: {
        tags,
        summary: 'One public setting by key, e.g. is_show_mobile',
        querystring: z.object({ key: z.string().trim().min(1) }),
        response: { 200: envelopeOf(z.string()) },
      },
    },
    async (request) => {
      const { key } = request.query;
      if (!isSettingKey(key) || !PUBLIC_SETTING_KEYS.includes(key))
        throw notFound('setting_not_found', { key });
      return ok(request, await deps.settings.get(key));
    },
  );

  api.get(
    '/api/basicSet/getBasicInfo',
    {
      schema: {
        tags,
        summary: 'Public settings the screens need at start',
        response: { 200: envelopeOf(basicInfoSchema) },
      },
    },
    async (request) => {
      const s = await deps.settings.publicSettings();
      return ok(request, {
        desktop_site_url: deps.config.desktopSiteUrl ?? null,
        main_mode: s.main_mode ?? 'trade',
        trade_fee_type: Number(s.trade_fee_type),
        verify_reg_type: s.verify_reg_type ?? 'both',
        is_show_mobile: Number(s.is_show_mobile),
        whatsapp_link: s.whatsapp_link ?? '',
        telegram_link: s.telegram_link ?? '',
        service_link: s.service_link ?? '',
        service_link_type: s.service_link_type ?? '',
        complaint_email: s.complaint_email ?? '',
        complaint_email_host: s.complaint_email_host ?? '',
        announcement: await deps.serviceTexts.text('announcement', request.lang),
      });
    },
  );
}
