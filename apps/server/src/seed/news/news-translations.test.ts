/**
 * The seeded news is complete in every language: each article has its own title, summary and body
 * in all 15, each body keeps the English article's paragraphs, headings and lists, passes the
 * article allow-list unchanged, and says something other than the English words.
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@omp/protocol';
import { sanitizeArticleHtml } from '../../inputs/article-html.ts';
import { SEED_ARTICLES } from '../news-articles.ts';
import { NEWS_TRANSLATIONS } from './index.ts';
import type { ArticleText } from './article-text.ts';

const TAG = /<\/?[a-z0-9]+[^>]*>/g;
/** The tags of a body in order ('<p>', '</p>', '<h3>', ...), what a translation must keep. */
const tagsOf = (html: string) => html.match(TAG) ?? [];
/** The texts between the tags, in order, each paired with the English text at the same place. */
const textsOf = (html: string) =>
  html
    .split(TAG)
    .map((text) => text.trim())
    .filter(Boolean);
/** Instrument codes and figures are the same in every language. */
const isOnlyCodes = (text: string) => /^[A-Z0-9/&;.%\s-]*$/.test(text);

const translated = LANGUAGES.filter((lang) => lang !== 'en');

describe('seeded news', () => {
  it('has the 14 other languages of the product, besides English', () => {
    expect(Object.keys(NEWS_TRANSLATIONS).sort()).toEqual([...translated].sort());
    expect(translated).toHaveLength(14);
  });

  describe.each(SEED_ARTICLES.map((a) => [a.picture, a] as const))('%s', (picture, english) => {
    it('has an English body that passes the article allow-list unchanged', () => {
      expect(sanitizeArticleHtml(english.content)).toBe(english.content);
      expect(tagsOf(english.content).length).toBeGreaterThanOrEqual(4);
    });

    it.each(translated)('is complete in %s with the English structure and its own words', (lang) => {
      const text: ArticleText = NEWS_TRANSLATIONS[lang][picture];
      expect(text.title.trim()).not.toBe('');
      expect(text.desc.trim()).not.toBe('');
      expect(textsOf(text.content).join('').length).toBeGreaterThan(40);

      expect(tagsOf(text.content)).toEqual(tagsOf(english.content));
      expect(sanitizeArticleHtml(text.content)).toBe(text.content);

      expect(text.title).not.toBe(english.title);
      expect(text.desc).not.toBe(english.desc);
      const englishTexts = textsOf(english.content);
      const ownTexts = textsOf(text.content);
      expect(ownTexts).toHaveLength(englishTexts.length);
      ownTexts.forEach((own, i) => {
        if (!isOnlyCodes(englishTexts[i]!)) expect(own, `text ${i + 1}`).not.toBe(englishTexts[i]);
      });
    });
  });
});
