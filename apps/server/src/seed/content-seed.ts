/**
 * First start: the example news, each article in all 15 languages, and the companies (seed/).
 * Written only into empty tables, so staff edits and deletions are never undone by a restart.
 */
import type { Language } from '@omp/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ContentRepository, type NewsText } from '../repositories/content-repository.ts';
import { SEED_COMPANIES } from './companies.ts';
import { SEED_ARTICLES } from './news-articles.ts';
import { NEWS_TRANSLATIONS } from './news/index.ts';
import { sanitizeArticleHtml } from '../inputs/article-html.ts';

const HOUR_MS = 3_600_000;

export async function seedContent(db: Kysely<Database>, nowMs: number): Promise<void> {
  const repository = new ContentRepository(db);
  if ((await repository.newsCount()) === 0)
    await db.transaction().execute(async (trx) => {
      // Oldest first, so ids grow with time like articles written one after another.
      for (const article of [...SEED_ARTICLES].reverse()) {
        const texts: Partial<Record<Language, NewsText>> = {
          en: { title: article.title, desc: article.desc, content: sanitizeArticleHtml(article.content) },
        };
        for (const [lang, articles] of Object.entries(NEWS_TRANSLATIONS)) {
          const { title, desc, content } = articles[article.picture];
          texts[lang as Language] = { title, desc, content: sanitizeArticleHtml(content) };
        }
        await repository.insertNews(
          trx,
          {
            categoryId: 1,
            logo: `/media/news/${article.picture}.png`,
            createdAtMs: nowMs - article.hoursAgo * HOUR_MS,
          },
          texts,
          nowMs,
        );
      }
    });
  if ((await repository.companyCount()) === 0)
    await db
      .insertInto('companies')
      .values(
        SEED_COMPANIES.map(({ picture, color: _color, ...company }, index) => ({
          ...company,
          logo: `/media/companies/${picture}.png`,
          sort: index + 1,
          created_at: nowMs,
          updated_at: nowMs,
        })),
      )
      .execute();
}
