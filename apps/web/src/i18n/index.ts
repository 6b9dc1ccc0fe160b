/**
 * i18next set-up. Each language's texts are a separate chunk loaded on demand, so a phone
 * downloads one table, not fifteen. The language also sets `<html lang dir>`: Arabic turns the
 * whole layout right to left.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@omp/protocol';
import { htmlLang, isRtl } from './languages.ts';

type Table = Record<string, unknown>;

const tables = import.meta.glob<{ default: Table }>('./locales/*.json');

async function loadTable(lang: Language): Promise<Table> {
  const loader = tables[`./locales/${lang}.json`];
  if (!loader) throw new Error(`No texts for language ${lang}`);
  return (await loader()).default;
}

async function ensureLoaded(lang: Language): Promise<void> {
  if (i18next.hasResourceBundle(lang, 'translation')) return;
  i18next.addResourceBundle(lang, 'translation', await loadTable(lang), true, true);
}

export function applyDocumentLanguage(lang: Language, doc: Document = document): void {
  doc.documentElement.lang = htmlLang(lang);
  doc.documentElement.dir = isRtl(lang) ? 'rtl' : 'ltr';
  doc.title = i18next.t('app.title');
}

export async function initI18n(lang: Language): Promise<typeof i18next> {
  await i18next.use(initReactI18next).init({
    lng: lang,
    // Every language carries every key (locales.test.ts enforces it), so no fallback is needed.
    fallbackLng: false,
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await ensureLoaded(lang);
  await i18next.changeLanguage(lang);
  applyDocumentLanguage(lang);
  return i18next;
}

export async function switchLanguage(lang: Language): Promise<void> {
  await ensureLoaded(lang);
  await i18next.changeLanguage(lang);
  applyDocumentLanguage(lang);
}

export { i18next };
