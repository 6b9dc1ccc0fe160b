/**
 * Public content calls of product-spec section 7: news list and article, the broker companies of
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
  CompanyStatus,
  envelopeOf,
  newsArticleSchema,
  newsInfoQuerySchema,
  newsListQuerySchema,
  newsListSchema,
  pageOf,
} from '@omp/protocol';
import { notFound } from '../domain/errors.ts';
import { ok } from '../http/envelope-plugin.ts';
import type { CompanyRecord, ContentRepository } from '../repositories/content-repository.ts';
import { sanitizeArticleHtml } from '../services/article-html.ts';
import type { ServiceTexts } from '../services/service-texts.ts';
import type { SettingsService } from '../services/settings-service.ts';
import { timeText } from '../services/trading-wire.ts';

export interface ContentRouteDeps {
  contentRepository: ContentRepository;
  serviceTexts: ServiceTexts;
  settings: SettingsService;
}

export const toWireCompany = (c: CompanyRecord) => ({
  id: c.id,
  name: c.name,
  logo: c.logo,
  url: c.url,
  subject: c.subject,
  registered_address: c.registered_address,
  location: c.location,
  email: c.email,
  status: c.status,
});

export async function contentRoutes(app: FastifyInstance, deps: ContentRouteDeps) {
  const { contentRepository: repository } = deps;
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
      const { list, total } = await repository.newsPage(
        category_id,
        request.lang,
        (page - 1) * page_size,
        page_size,
      );
      return ok(request, {
        list: list.map((n) => ({
          id: n.id,
          title: n.title,
          desc: n.desc,
          logo: n.logo,
          created_at: timeText(n.createdAtMs),
        })),
        total,
        page,
      });
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
      const article = await repository.newsArticle(request.query.id, request.lang);
      if (!article) throw notFound('content.news_not_found', { id: request.query.id });
      return ok(request, {
        id: article.id,
        title: article.title,
        desc: article.desc,
        logo: article.logo,
        created_at: timeText(article.createdAtMs),
        content: sanitizeArticleHtml(article.content),
      });
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
      const { list, total } = await repository.companies(name, (page - 1) * page_size, page_size);
      return ok(request, { list: list.map(toWireCompany), total, page });
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
      const company = await repository.company(request.query.id);
      if (!company) throw notFound('content.company_not_found', { id: request.query.id });
      const suspended = company.status === CompanyStatus.suspended;
      return ok(request, {
        id: company.id,
        status: company.status,
        loss_url: suspended ? company.loss_url : '',
      });
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
