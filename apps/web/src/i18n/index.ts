/**
 * i18next set-up. Each language's texts are separate chunks loaded on demand, so a phone
 * downloads one language, not fifteen; and each language comes in two parts (text-split.ts): the
 * first screen's texts before the first render, the rest with the first other screen
 * (`loadRemainingTexts`). The language also sets `<html lang dir>`: Arabic turns the whole layout
 * right to left.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@omp/protocol';
import { htmlLang, isRtl } from './languages.ts';
import type { TextPart } from './text-split.ts';

type Table = Record<string, unknown>;

// Cut by the build (texts-split-plugin.ts); both parts together are the whole locale file.
const parts: Record<TextPart, Record<string, () => Promise<Table>>> = {
  first: import.meta.glob<Table>('./locales/*.json', { query: '?texts=first', import: 'default' }),
  rest: import.meta.glob<Table>('./locales/*.json', { query: '?texts=rest', import: 'default' }),
};

const loaded = new Map<string, Promise<void>>();

/** Adds one part of a language's texts to i18next, once however often asked. */
function ensurePart(lang: Language, part: TextPart): Promise<void> {
  const id = `${lang}:${part}`;
  let loading = loaded.get(id);
  if (!loading) {
    const loader = parts[part][`./locales/${lang}.json`];
    if (!loader) throw new Error(`No texts for language ${lang}`);
    loading = loader().then((table) => {
      i18next.addResourceBundle(lang, 'translation', table, true, true);
    });
    // A failed load (a dropped network) is tried again next time.
    loading.catch(() => loaded.delete(id));
    loaded.set(id, loading);
  }
  return loading;
}

/**
 * The texts of every screen but the first, in the language shown: screens that load on demand
 * wait for them with their own code (app/router.tsx).
 */
export function loadRemainingTexts(): Promise<void> {
  return ensurePart(i18next.language as Language, 'rest');
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
  await ensurePart(lang, 'first');
  await i18next.changeLanguage(lang);
  applyDocumentLanguage(lang);
  return i18next;
}

/** Both parts of the new language load before it shows: no screen switches half-translated. */
export async function switchLanguage(lang: Language): Promise<void> {
  await Promise.all([ensurePart(lang, 'first'), ensurePart(lang, 'rest')]);
  await i18next.changeLanguage(lang);
  applyDocumentLanguage(lang);
}

export { i18next };
