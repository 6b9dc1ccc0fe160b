/**
 * antd-mobile's built-in texts (pull-to-refresh, pickers, empty states) in the closest locale it
 * ships. Loaded on demand: only the chosen language's table reaches the phone.
 */
import type { ConfigProviderProps } from 'antd-mobile';
import type { Language } from '@omp/protocol';

export type AntdLocale = ConfigProviderProps['locale'];

type LocaleModule = Record<string, AntdLocale>;

const loaders: Record<Language, () => Promise<LocaleModule>> = {
  hk: () => import('antd-mobile/es/locales/zh-HK'),
  en: () => import('antd-mobile/es/locales/en-US'),
  jp: () => import('antd-mobile/es/locales/ja-JP'),
  kr: () => import('antd-mobile/es/locales/ko-KR'),
  th: () => import('antd-mobile/es/locales/th-TH'),
  vn: () => import('antd-mobile/es/locales/vi-VN'),
  fr: () => import('antd-mobile/es/locales/fr-FR'),
  de: () => import('antd-mobile/es/locales/de-DE'),
  ru: () => import('antd-mobile/es/locales/ru-RU'),
  spa: () => import('antd-mobile/es/locales/es-ES'),
  // antd-mobile has Brazilian Portuguese only; its few texts read fine in Portugal too.
  pt: () => import('antd-mobile/es/locales/pt-BR'),
  ar: () => import('antd-mobile/es/locales/ar-SA'),
  it: () => import('antd-mobile/es/locales/it-IT'),
  tr: () => import('antd-mobile/es/locales/tr-TR'),
  id: () => import('antd-mobile/es/locales/id-ID'),
};

const cache = new Map<Language, AntdLocale>();

export async function loadAntdLocale(lang: Language): Promise<AntdLocale> {
  const cached = cache.get(lang);
  if (cached) return cached;
  const module = await loaders[lang]();
  const locale = module.default ?? Object.values(module)[0];
  if (!locale) throw new Error(`antd-mobile locale for ${lang} has no export`);
  cache.set(lang, locale);
  return locale;
}

export function cachedAntdLocale(lang: Language): AntdLocale | undefined {
  return cache.get(lang);
}
