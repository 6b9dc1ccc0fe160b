/**
 * What one seeded article says in one language, and the few HTML builders every language writes
 * its body with, so each translation keeps the English article's paragraphs, headings and lists.
 */

/** The seeded articles, named by their picture (/media/news/<picture>.png). */
export type NewsPicture =
  | 'eurusd-ecb'
  | 'gold-record'
  | 'oil-opec'
  | 'fed-minutes'
  | 'btc-etf'
  | 'indices-earnings'
  | 'usdjpy-boj'
  | 'gbpusd-inflation'
  | 'silver-industrial'
  | 'audusd-china'
  | 'dax-record'
  | 'natgas-winter';

export interface ArticleText {
  title: string;
  /** The summary (the wire's `desc`). */
  desc: string;
  /** The body, HTML within the article allow-list (inputs/article-html.ts). */
  content: string;
}

/** Every seeded article in one language. */
export type LanguageNews = Readonly<Record<NewsPicture, ArticleText>>;

export const p = (...paragraphs: string[]) => paragraphs.map((text) => `<p>${text}</p>`).join('');
export const h3 = (heading: string) => `<h3>${heading}</h3>`;
export const ul = (...items: string[]) => `<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`;
export const ol = (...items: string[]) => `<ol>${items.map((item) => `<li>${item}</li>`).join('')}</ol>`;
export const quote = (text: string) => `<blockquote>${text}</blockquote>`;
