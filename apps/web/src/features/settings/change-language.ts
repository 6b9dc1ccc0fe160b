/**
 * Switching the UI language touches four places that must agree: i18next, antd-mobile's locale,
 * `<html lang dir>` and the stored setting. Server texts (category names, messages) follow from the
 * `lang` header and the query keys that include the language.
 */
import type { Language } from '@omp/protocol';
import { switchLanguage } from '../../i18n/index.ts';
import { loadAntdLocale } from '../../i18n/antd-locales.ts';
import { useSettings } from './settings-store.ts';

export async function changeLanguage(lang: Language): Promise<void> {
  // Load both tables first, so the screen switches in one render instead of half-translated.
  await Promise.all([switchLanguage(lang), loadAntdLocale(lang)]);
  useSettings.getState().setLang(lang);
}
