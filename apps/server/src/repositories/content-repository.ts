/**
 * News articles with their texts per language, and the broker companies. Reads pick the request's
 * language and fall back to English field by field, so an article translated only in its title
 * and summary still shows its English body.
 */
import {
  sql,
  type Insertable,
  type Kysely,
  type Selectable,
  type Transaction,
  type Updateable,
} from 'kysely';
import type { Language } from '@omp/protocol';
import type { CompanyTable, Database } from '../db/schema.ts';
import { containsAnyCase } from './text-search.ts';
import { toInt } from '../db/values.ts';

export interface NewsText {
  title: string;
  desc: string;
  content: string;
}

export interface NewsRecord {
  id: number;
  categoryId: number;
  logo: string;
  createdAtMs: number;
}

export interface LocalizedNews extends NewsRecord, NewsText {}

export interface CompanyRecord {
  id: number;
  name: string;
  logo: string;
  url: string;
  subject: string;
  registered_address: string;
  location: string;
  email: string;
  status: number;
  loss_url: string;
  sort: number;
}

type Db = Kysely<Database> | Transaction<Database>;

interface LocalizedRow {
  id: number | bigint | string;
  category_id: number | bigint | string;
  logo: string;
  created_at: number | bigint | string;
  en_title: string;
  en_desc: string;
  t_title: string | null;
  t_desc: string | null;
}

/** A row of `localizedNews`, each text in the asked language or, where it has none, in English. */
function localized(row: LocalizedRow, content: string): LocalizedNews {
  return {
    id: toInt(row.id),
    categoryId: toInt(row.category_id),
    logo: row.logo,
    createdAtMs: toInt(row.created_at),
    title: row.t_title || row.en_title,
    desc: row.t_desc || row.en_desc,
    content,
  };
}

export class ContentRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  private localizedNews(lang: Language) {
    return this.db
      .selectFrom('news')
      .innerJoin('news_translations as en', (join) =>
        join.onRef('en.news_id', '=', 'news.id').on('en.lang', '=', 'en'),
      )
      .leftJoin('news_translations as t', (join) =>
        join.onRef('t.news_id', '=', 'news.id').on('t.lang', '=', lang),
      )
      .select([
        'news.id',
        'news.category_id',
        'news.logo',
        'news.created_at',
        'en.title as en_title',
        'en.description as en_desc',
        't.title as t_title',
        't.description as t_desc',
      ]);
  }

  /** One page of a category, newest first, in `lang` with English where it has no text. */
  async newsPage(
    categoryId: number,
    lang: Language,
    offset: number,
    limit: number,
  ): Promise<{ list: LocalizedNews[]; total: number }> {
    const [counted, rows] = await Promise.all([
      this.db
        .selectFrom('news')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('category_id', '=', categoryId)
        .executeTakeFirstOrThrow(),
      this.localizedNews(lang)
        .where('news.category_id', '=', categoryId)
        .orderBy('news.created_at', 'desc')
        .orderBy('news.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
    ]);
    return {
      total: toInt(counted.n as number | bigint | string),
      list: rows.map((row) => localized(row, '')),
    };
  }

  async newsArticle(id: number, lang: Language): Promise<LocalizedNews | undefined> {
    const row = await this.localizedNews(lang)
      .select(['en.content as en_content', 't.content as t_content'])
      .where('news.id', '=', id)
      .executeTakeFirst();
    return row && localized(row, row.t_content || row.en_content);
  }

  /** An article with every language, as staff edit it. */
  async newsWithTexts(
    id: number,
    db: Db = this.db,
  ): Promise<(NewsRecord & { texts: Record<string, NewsText> }) | undefined> {
    const row = await db.selectFrom('news').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    const texts = await db
      .selectFrom('news_translations')
      .selectAll()
      .where('news_id', '=', id)
      .orderBy('lang')
      .execute();
    return {
      id: toInt(row.id),
      categoryId: toInt(row.category_id),
      logo: row.logo,
      createdAtMs: toInt(row.created_at),
      texts: Object.fromEntries(
        texts.map((t) => [t.lang, { title: t.title, desc: t.description, content: t.content }]),
      ),
    };
  }

  async newsCount(): Promise<number> {
    const row = await this.db
      .selectFrom('news')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return toInt(row.n as number | bigint | string);
  }

  async insertNews(
    db: Db,
    news: Omit<NewsRecord, 'id'>,
    texts: Partial<Record<Language, NewsText>>,
    atMs: number,
  ): Promise<number> {
    const row = await db
      .insertInto('news')
      .values({
        category_id: news.categoryId,
        logo: news.logo,
        created_at: news.createdAtMs,
        updated_at: atMs,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = toInt(row.id);
    await this.putNewsTexts(db, id, texts);
    return id;
  }

  /** Replaces the texts of the languages given; `null` removes a language. */
  async putNewsTexts(db: Db, id: number, texts: Partial<Record<Language, NewsText | null>>): Promise<void> {
    for (const [lang, text] of Object.entries(texts)) {
      await db.deleteFrom('news_translations').where('news_id', '=', id).where('lang', '=', lang).execute();
      if (text)
        await db
          .insertInto('news_translations')
          .values({ news_id: id, lang, title: text.title, description: text.desc, content: text.content })
          .execute();
    }
  }

  async updateNews(
    db: Db,
    id: number,
    fields: { categoryId?: number | undefined; logo?: string | undefined; createdAtMs?: number | undefined },
    atMs: number,
  ): Promise<void> {
    await db
      .updateTable('news')
      .set({
        ...(fields.categoryId === undefined ? {} : { category_id: fields.categoryId }),
        ...(fields.logo === undefined ? {} : { logo: fields.logo }),
        ...(fields.createdAtMs === undefined ? {} : { created_at: fields.createdAtMs }),
        updated_at: atMs,
      })
      .where('id', '=', id)
      .execute();
  }

  async deleteNews(db: Db, id: number): Promise<void> {
    // Explicitly, not by the foreign key's cascade: SQLite enforces it only with a pragma.
    await db.deleteFrom('news_translations').where('news_id', '=', id).execute();
    await db.deleteFrom('news').where('id', '=', id).execute();
  }

  /** Companies whose name contains `name` in any case; all when absent. Sorted, then by id. */
  async companies(
    name: string | undefined,
    offset: number,
    limit: number,
  ): Promise<{ list: CompanyRecord[]; total: number }> {
    let query = this.db.selectFrom('companies');
    if (name) query = query.where(containsAnyCase(sql.ref('name'), name));
    const [counted, rows] = await Promise.all([
      query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      query.selectAll().orderBy('sort').orderBy('id').offset(offset).limit(limit).execute(),
    ]);
    return { total: toInt(counted.n as number | bigint | string), list: rows.map(toCompany) };
  }

  async company(id: number, db: Db = this.db): Promise<CompanyRecord | undefined> {
    const row = await db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toCompany(row);
  }

  /** A company staff added; its id. */
  async insertCompany(db: Db, values: Insertable<CompanyTable>): Promise<number> {
    const row = await db.insertInto('companies').values(values).returning('id').executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async updateCompany(db: Db, id: number, values: Updateable<CompanyTable>): Promise<void> {
    await db.updateTable('companies').set(values).where('id', '=', id).execute();
  }

  async companyCount(): Promise<number> {
    const row = await this.db
      .selectFrom('companies')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return toInt(row.n as number | bigint | string);
  }
}

function toCompany(row: Selectable<CompanyTable>): CompanyRecord {
  return {
    id: toInt(row.id),
    name: row.name,
    logo: row.logo,
    url: row.url,
    subject: row.subject,
    registered_address: row.registered_address,
    location: row.location,
    email: row.email,
    status: toInt(row.status),
    loss_url: row.loss_url,
    sort: toInt(row.sort),
  };
}
