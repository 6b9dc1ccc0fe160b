/** The back office's screen texts: English, Simplified and Traditional Chinese, every key in each. */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';
import zhTW from './locales/zh-TW.json';
import { preferences } from '../lib/preferences.ts';

export const LOCALES = { en, 'zh-CN': zhCN, 'zh-TW': zhTW } as const;

void i18next.use(initReactI18next).init({
  resources: Object.fromEntries(
    Object.entries(LOCALES).map(([lang, table]) => [lang, { translation: table }]),
  ),
  lng: preferences.get().lang,
  fallbackLng: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

preferences.subscribe(() => {
  const { lang } = preferences.get();
  if (i18next.language !== lang) void i18next.changeLanguage(lang);
});

export default i18next;
