/**
 * Public content calls (docs/CONTRACT.md "Calls"): news list and article, the broker companies of
 * the alternate main mode with their status, and the complaint e-mail page. No login needed;
 * texts come in the language of the `lang` header, English where a text is missing.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  companyQuerySchema,
  companySchema,
  companyStatusQuerySchema,
  companyStatusSchema,
  complaintEmailSchema,
  envelopeOf,
  newsArticleSchema,
  newsInfoQuerySchema,
  newsListQuerySchema,
  newsListSchema,
  pageOf,
} from '@omp/protocol';
import { ok } from '../http/envelope-plugin.ts';
import type { ContentQueries } from '../services/content-queries.ts';
import type { ServiceTexts } from '../services/service-texts.ts';
import type { SettingsService } from '../services/settings-service.ts';

export interface ContentRouteDeps {
  contentQueries: ContentQueries;
  serviceTexts: ServiceTexts;
  settings: SettingsService;
}

export async function contentRoutes(app: FastifyInstance, deps: ContentRouteDeps) {
  const { contentQueries: content } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/news/list',
    {
      schema: {
        tags: ['content'],
        summary: 'News of a category, newest first',
        description:
          "Title and summary in the request's language, English where an article has no text in it.",
        querystring: newsListQuerySchema,
        response: { 200: envelopeOf(newsListSchema) },
      },
    },
    async (request) => {
      const { category_id, page, page_size } = request.query;
      return ok(request, await content.newsPage(category_id, request.lang, page, page_size));
    },
  );

  api.get(
    '/api/news/info',
    {
      schema: {
        tags: ['content'],
        summary: 'One article with its body (sanitised HTML)',
        description:
          'Each field in the request language, English where it has no text. The body passes the same HTML ' +
          'allow-list on every read as on every write.',
        querystring: newsInfoQuerySchema,
        response: { 200: envelopeOf(newsArticleSchema) },
      },
    },
    async (request) => {
      return ok(request, await content.article(request.query.id, request.lang));
    },
  );

  api.get(
    '/api/company/getCompany',
    {
      schema: {
        tags: ['content'],
        summary: 'Broker companies, searched by name (any case)',
        description:
          'Listed by /product when main_mode is company. Suspended companies are listed with status 2.',
        querystring: companyQuerySchema,
        response: { 200: envelopeOf(pageOf(companySchema)) },
      },
    },
    async (request) => {
      const { name, page, page_size } = request.query;
      return ok(request, await content.companies(name, page, page_size));
    },
  );

  api.get(
    '/api/company/getCompanyStatus',
    {
      schema: {
        tags: ['content'],
        summary: 'Whether a company is active (1) or suspended (2, with the loss_url to send visitors to)',
        querystring: companyStatusQuerySchema,
        response: { 200: envelopeOf(companyStatusSchema) },
      },
    },
    async (request) => {
      return ok(request, await content.companyStatus(request.query.id));
    },
  );

  api.get(
    '/api/notify/complaint_email',
    {
      schema: {
        tags: ['content'],
        summary: 'The complaint page: where complaints go and what the page says',
        description:
          'The web asks this server unless getBasicInfo.complaint_email_host names another host, which then ' +
          'answers the same call with the same shape.',
        response: { 200: envelopeOf(complaintEmailSchema) },
      },
    },
    async (request) =>
      ok(request, {
        email: await deps.settings.get('complaint_email'),
        text: await deps.serviceTexts.text('complaint_text', request.lang),
      }),
  );
}
