/**
 * The 15 UI languages as the language page lists them: each in its own name, because a reader
 * looking for their language may not read the current one.
 */
import {
  LANGUAGES,
  LANGUAGE_LOCALES,
  NATIVE_LANGUAGE_NAMES,
  RTL_LANGUAGES,
  type Language,
} from '@omp/protocol';

export { NATIVE_LANGUAGE_NAMES };

export const LANGUAGE_LIST = LANGUAGES.map((code) => ({ code, name: NATIVE_LANGUAGE_NAMES[code] }));

export function isRtl(lang: Language): boolean {
  return RTL_LANGUAGES.includes(lang);
}

export function htmlLang(lang: Language): string {
  return LANGUAGE_LOCALES[lang];
}
