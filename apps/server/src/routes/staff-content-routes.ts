/**
 * The back office's content calls (admin role): news in every language, the announcement and
 * complaint texts, and the public platform settings (the companies are in staff-company-routes.ts).
 * Each change is written to the audit log with the record before and after, in the same
 * transaction as the change.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import {
  envelopeOf,
  localizedTextsBodySchema,
  LOCALIZED_TEXT_KEYS,
  newsAdminSchema,
  newsCreateBodySchema,
  newsUpdateBodySchema,
  settingsBodySchema,
  type Language,
} from '@omp/protocol';
import type { Database } from '../db/schema.ts';
import { notFound } from '../domain/errors.ts';
import { ok } from '../http/envelope-plugin.ts';
import { requireStaff } from '../http/staff-auth.ts';
import type { AuditEntry } from '../repositories/audit-repository.ts';
import type { ContentRepository, NewsText } from '../repositories/content-repository.ts';
import { sanitizeArticleHtml } from '../inputs/article-html.ts';
import type { ServiceTexts } from '../services/service-texts.ts';
import type { SettingKey, SettingsService } from '../services/settings-service.ts';
import { timeText } from '../wire/trading-wire.ts';
import { auditedChanges } from '../services/audited-change.ts';
import { ADMIN, idParams, savedSchema, security, tags } from './staff-content-common.ts';

export interface StaffContentRouteDeps {
  contentRepository: ContentRepository;
  serviceTexts: ServiceTexts;
  settings: SettingsService;
  writeAudit: (db: Kysely<Database> | Transaction<Database>, entry: AuditEntry) => Promise<void>;
  now: () => number;
}

const cleanText = (text: NewsText): NewsText => ({
  title: text.title.trim(),
  desc: text.desc.trim(),
  content: sanitizeArticleHtml(text.content),
});

export async function staffContentRoutes(app: FastifyInstance, deps: StaffContentRouteDeps) {
  const { contentRepository: repository } = deps;
  const db = repository.db;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const audit = (trx: Transaction<Database>, entry: Omit<AuditEntry, 'atMs'>) =>
    deps.writeAudit(trx, { ...entry, atMs: deps.now() });
  const wireNews = (news: NonNullable<Awaited<ReturnType<ContentRepository['newsWithTexts']>>>) => ({
    id: news.id,
    category_id: news.categoryId,
    logo: news.logo,
    created_at: timeText(news.createdAtMs),
    created_at_ms: news.createdAtMs,
    texts: news.texts,
  });

  const auditedChange = auditedChanges(db, deps.writeAudit, deps.now);
  const readNews = (trx: Transaction<Database>, id: number) => repository.newsWithTexts(id, trx);

  api.get(
    '/admin/api/news/:id',
    {
      schema: {
        tags,
        summary: 'An article with its texts in every language',
        security,
        params: idParams,
        response: { 200: envelopeOf(newsAdminSchema) },
      },
    },
    async (request) => {
      await requireStaff(request, ADMIN);
      const news = await repository.newsWithTexts(request.params.id);
      if (!news) throw notFound('content.news_not_found', { id: request.params.id });
      return ok(request, wireNews(news));
    },
  );

  api.post(
    '/admin/api/news',
    {
      schema: {
        tags,
        summary: 'Publish an article (JSON body); its HTML is sanitised before it is stored',
        security,
        body: newsCreateBodySchema,
        response: { 200: savedSchema },
      },
    },
    async (request) => {
      const staff = await requireStaff(request, ADMIN);
      const body = request.body;
      const texts: Partial<Record<Language, NewsText>> = {};
      for (const [lang, text] of Object.entries(body.texts) as Array<[Language, NewsText]>)
        texts[lang] = cleanText(text);
      const id = await auditedChange({
        staffId: staff.id,
        action: 'news.create',
        missingKey: 'content.news_not_found',
        read: readNews,
        write: (trx) =>
          repository.insertNews(
            trx,
            { categoryId: body.category_id, logo: body.logo, createdAtMs: body.created_at_ms ?? deps.now() },
            texts,
            deps.now(),
          ),
      });
      return ok(request, { id }, 'content.saved');
    },
  );

  api.post(
    '/admin/api/news/:id',
    {
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
      const staff = await requireStaff(request, ADMIN);
      const { id } = request.params;
      const body = request.body;
      const texts: Partial<Record<Language, NewsText | null>> = {};
      for (const [lang, text] of Object.entries(body.texts ?? {}) as Array<[Language, NewsText | null]>) {
        // Every other language falls back to English, so English cannot be removed.
        if (text === null && lang === 'en') continue;
        texts[lang] = text && cleanText(text);
      }
      await auditedChange({
        staffId: staff.id,
        action: 'news.update',
        id,
        missingKey: 'content.news_not_found',
        read: readNews,
        write: async (trx) => {
          await repository.updateNews(
            trx,
            id,
            { categoryId: body.category_id, logo: body.logo, createdAtMs: body.created_at_ms },
            deps.now(),
          );
          await repository.putNewsTexts(trx, id, texts);
        },
      });
      return ok(request, { id }, 'content.saved');
    },
  );

  api.post(
    '/admin/api/news/:id/delete',
    {
      schema: {
        tags,
        summary: 'Delete an article',
        security,
        params: idParams,
        response: { 200: savedSchema },
      },
    },
    async (request) => {
      const staff = await requireStaff(request, ADMIN);
      const { id } = request.params;
      await auditedChange({
        staffId: staff.id,
        action: 'news.delete',
        id,
        missingKey: 'content.news_not_found',
        read: readNews,
        write: (trx) => repository.deleteNews(trx, id),
      });
      return ok(request, { id }, 'content.deleted');
    },
  );

  api.get(
    '/admin/api/settings',
    {
      schema: {
        tags,
        summary: 'The public platform settings and the service texts in every language',
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
      await requireStaff(request, ADMIN);
      const texts: Record<string, Record<string, string>> = {};
      for (const key of LOCALIZED_TEXT_KEYS) texts[key] = await deps.serviceTexts.all(key);
      return ok(request, { settings: await deps.settings.publicSettings(), texts });
    },
  );

  api.post(
    '/admin/api/settings',
    {
      schema: {
        tags,
        summary: 'Change public settings: main_mode, complaint e-mail and host, service links, registration',
        security,
        body: settingsBodySchema,
        response: { 200: envelopeOf(z.record(z.string(), z.string())) },
      },
    },
    async (request) => {
      const staff = await requireStaff(request, ADMIN);
      const changes = Object.entries(request.body).filter(
        (entry): entry is [SettingKey, string] => entry[1] !== undefined,
      );
      await deps.settings.changeByStaff(staff.id, changes);
      return ok(request, await deps.settings.publicSettings(), 'content.saved');
    },
  );

  api.post(
    '/admin/api/settings/texts',
    {
      schema: {
        tags,
        summary: 'Set the announcement or the complaint text per language (JSON body)',
        security,
        body: localizedTextsBodySchema,
        response: { 200: envelopeOf(z.record(z.string(), z.string())) },
      },
    },
    async (request) => {
      const staff = await requireStaff(request, ADMIN);
      const { key, texts } = request.body;
      const after = await db.transaction().execute(async (trx) => {
        const change = await deps.serviceTexts.put(trx, key, texts, deps.now());
        await audit(trx, {
          staffId: staff.id,
          action: `setting.${key}`,
          targetType: 'setting',
          targetId: 0,
          before: change.before,
          after: change.after,
        });
        return change.after;
      });
      return ok(request, after, 'content.saved');
    },
  );
}
