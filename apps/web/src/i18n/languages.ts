/**
 * The 15 UI languages as the language page lists them: each in its own name, because a reader
 * looking for their language may not read the current one.
 */
import { LANGUAGES, LANGUAGE_LOCALES, RTL_LANGUAGES, type Language } from '@omp/protocol';

export const NATIVE_LANGUAGE_NAMES: Record<Language, string> = {
  hk: '繁體中文',
  en: 'English',
  jp: '日本語',
  kr: '한국어',
  th: 'ไทย',
  vn: 'Tiếng Việt',
  fr: 'Français',
  de: 'Deutsch',
  ru: 'Русский',
  spa: 'Español',
  pt: 'Português',
  ar: 'العربية',
  it: 'Italiano',
  tr: 'Türkçe',
  id: 'Bahasa Indonesia',
};

export const LANGUAGE_LIST = LANGUAGES.map((code) => ({ code, name: NATIVE_LANGUAGE_NAMES[code] }));

export function isRtl(lang: Language): boolean {
  return RTL_LANGUAGES.includes(lang);
}

export function htmlLang(lang: Language): string {
  return LANGUAGE_LOCALES[lang];
}
