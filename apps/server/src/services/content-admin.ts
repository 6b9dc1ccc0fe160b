/**
 * The back office's content work (admin role): news in every language, the announcement and
 * complaint texts, and the broker companies. Each change is one transaction with its audit row
 * (the record before and after), like every staff change (audited-change.ts).
 */
import type { z } from 'zod';
import {
  LOCALIZED_TEXT_KEYS,
  type companyBodySchema,
  type companyUpdateBodySchema,
  type Language,
  type localizedTextsBodySchema,
  type newsCreateBodySchema,
  type newsUpdateBodySchema,
} from '@omp/protocol';
import { invalid, notFound } from '../domain/errors.ts';
import { sanitizeArticleHtml } from '../inputs/article-html.ts';
import type { AuditEntry } from '../repositories/audit-repository.ts';
import type { ContentRepository, NewsText } from '../repositories/content-repository.ts';
import { timeText } from '../wire/trading-wire.ts';
import { auditedChanges } from './audited-change.ts';
import type { ServiceTexts } from './service-texts.ts';
import type { SettingsService } from './settings-service.ts';
import type { Db, DbOrTx } from '../repositories/unit-of-work.ts';

export interface ContentAdminOptions {
  db: Db;
  repository: ContentRepository;
  serviceTexts: ServiceTexts;
  settings: SettingsService;
  writeAudit: (db: DbOrTx, entry: AuditEntry) => Promise<void>;
  now: () => number;
}

const cleanText = (text: NewsText): NewsText => ({
  title: text.title.trim(),
  desc: text.desc.trim(),
  content: sanitizeArticleHtml(text.content),
});

export class ContentAdmin {
  private readonly o: ContentAdminOptions;
  private readonly auditedChange: ReturnType<typeof auditedChanges>;

  constructor(options: ContentAdminOptions) {
    this.o = options;
    this.auditedChange = auditedChanges(options.db, options.writeAudit, options.now);
  }

  /** One article with every language's text, as the editor shows it. */
  async news(id: number) {
    const news = await this.o.repository.newsWithTexts(id);
    if (!news) throw notFound('content.news_not_found', { id });
    return {
      id: news.id,
      category_id: news.categoryId,
      logo: news.logo,
      created_at: timeText(news.createdAtMs),
      created_at_ms: news.createdAtMs,
      texts: news.texts,
    };
  }

  createNews(staffId: number, body: z.infer<typeof newsCreateBodySchema>): Promise<number> {
    const texts: Partial<Record<Language, NewsText>> = {};
    for (const [lang, text] of Object.entries(body.texts) as Array<[Language, NewsText]>)
      texts[lang] = cleanText(text);
    return this.auditedChange({
      staffId,
      action: 'news.create',
      missingKey: 'content.news_not_found',
      read: (trx, id) => this.o.repository.newsWithTexts(id, trx),
      write: (trx) =>
        this.o.repository.insertNews(
          trx,
          { categoryId: body.category_id, logo: body.logo, createdAtMs: body.created_at_ms ?? this.o.now() },
          texts,
          this.o.now(),
        ),
    });
  }

  /** Fields given change; languages given replace their text, null removes one (never English). */
  async updateNews(staffId: number, id: number, body: z.infer<typeof newsUpdateBodySchema>): Promise<void> {
    const texts: Partial<Record<Language, NewsText | null>> = {};
    for (const [lang, text] of Object.entries(body.texts ?? {}) as Array<[Language, NewsText | null]>) {
      // Every other language falls back to English, so English cannot be removed: said, not ignored.
      if (text === null && lang === 'en') throw invalid('content.english_kept', { field: 'texts.en' });
      texts[lang] = text && cleanText(text);
    }
    await this.auditedChange({
      staffId,
      action: 'news.update',
      id,
      missingKey: 'content.news_not_found',
      read: (trx, newsId) => this.o.repository.newsWithTexts(newsId, trx),
      write: async (trx) => {
        await this.o.repository.updateNews(
          trx,
          id,
          { categoryId: body.category_id, logo: body.logo, createdAtMs: body.created_at_ms },
          this.o.now(),
        );
        await this.o.repository.putNewsTexts(trx, id, texts);
      },
    });
  }

  async deleteNews(staffId: number, id: number): Promise<void> {
    await this.auditedChange({
      staffId,
      action: 'news.delete',
      id,
      missingKey: 'content.news_not_found',
      read: (trx, newsId) => this.o.repository.newsWithTexts(newsId, trx),
      write: (trx) => this.o.repository.deleteNews(trx, id),
    });
  }

  /** The public settings and every service text in every language. */
  async settingsAndTexts() {
    const texts: Record<string, Record<string, string>> = {};
    for (const key of LOCALIZED_TEXT_KEYS) texts[key] = await this.o.serviceTexts.all(key);
    return { settings: await this.o.settings.all(), texts };
  }

  /** Replaces the announcement or complaint text in the languages given; the texts after. */
  changeTexts(staffId: number, body: z.infer<typeof localizedTextsBodySchema>) {
    // An empty text removes a language, but every other one falls back to English.
    if (body.texts.en?.trim() === '') throw invalid('content.english_kept', { field: 'texts.en' });
    return this.o.db.transaction().execute(async (trx) => {
      const change = await this.o.serviceTexts.put(trx, body.key, body.texts, this.o.now());
      await this.o.writeAudit(trx, {
        staffId,
        action: `setting.${body.key}`,
        targetType: 'setting',
        targetId: 0,
        before: change.before,
        after: change.after,
        atMs: this.o.now(),
      });
      return change.after;
    });
  }

  async companiesPage(name: string | undefined, page: number, pageSize: number) {
    const { list, total } = await this.o.repository.companies(name, (page - 1) * pageSize, pageSize);
    return { list, total, page };
  }

  createCompany(staffId: number, body: z.infer<typeof companyBodySchema>): Promise<number> {
    const atMs = this.o.now();
    return this.auditedChange({
      staffId,
      action: 'company.create',
      missingKey: 'content.company_not_found',
      read: (trx, id) => this.o.repository.company(id, trx),
      write: (trx) => this.o.repository.insertCompany(trx, { ...body, created_at: atMs, updated_at: atMs }),
    });
  }

  async updateCompany(
    staffId: number,
    id: number,
    body: z.infer<typeof companyUpdateBodySchema>,
  ): Promise<void> {
    await this.auditedChange({
      staffId,
      action: 'company.update',
      id,
      missingKey: 'content.company_not_found',
      read: (trx, companyId) => this.o.repository.company(companyId, trx),
      write: (trx) => this.o.repository.updateCompany(trx, id, { ...body, updated_at: this.o.now() }),
    });
  }
}
