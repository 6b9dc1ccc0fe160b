/** What staff publish: news in every language and the company pages. */
import type { ColumnType } from 'kysely';
import type { DbInt, DbId, DefaultedInt, DefaultedText } from './column-types.ts';

export interface NewsTable {
  id: DbId;
  category_id: DefaultedInt;
  /** A path on this server (/media/news/...) or an https URL. */
  logo: ColumnType<string, string | undefined, string>;
  created_at: DbInt;
  updated_at: DbInt;
}

/** One language of an article; English always exists and is the fallback of every other. */
export interface NewsTranslationTable {
  news_id: DbInt;
  lang: string;
  title: string;
  description: string;
  /** HTML, sanitised on write (and again on read). */
  content: string;
}

export interface CompanyTable {
  id: DbId;
  name: string;
  logo: DefaultedText;
  url: DefaultedText;
  subject: DefaultedText;
  registered_address: DefaultedText;
  location: DefaultedText;
  email: DefaultedText;
  /** 1 active, 2 suspended. */
  status: DefaultedInt;
  loss_url: DefaultedText;
  sort: DefaultedInt;
  created_at: DbInt;
  updated_at: DbInt;
}
