/**
 * The seeded articles in every language but English (which news-articles.ts holds with each
 * article's picture and time): title, summary and body, the body with the English article's HTML
 * structure. Missing a language or an article here fails to compile.
 */
import type { Language } from '@omp/protocol';
import type { LanguageNews } from './article-text.ts';
import { ar } from './ar.ts';
import { de } from './de.ts';
import { fr } from './fr.ts';
import { hk } from './hk.ts';
import { id } from './id.ts';
import { it } from './it.ts';
import { jp } from './jp.ts';
import { kr } from './kr.ts';
import { pt } from './pt.ts';
import { ru } from './ru.ts';
import { spa } from './spa.ts';
import { th } from './th.ts';
import { tr } from './tr.ts';
import { vn } from './vn.ts';

export const NEWS_TRANSLATIONS: Readonly<Record<Exclude<Language, 'en'>, LanguageNews>> = {
  ar,
  de,
  fr,
  hk,
  id,
  it,
  jp,
  kr,
  pt,
  ru,
  spa,
  th,
  tr,
  vn,
};
