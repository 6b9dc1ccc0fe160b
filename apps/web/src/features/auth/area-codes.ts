/**
 * Country and region calling codes (GET /api/default/area_list). The server names them in
 * English; the screens name them in the reader's language from the ISO code, sort them that way
 * and search in every name at once, so "Japan", "日本" and "+81" all find the same row.
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { LANGUAGE_LOCALES, type Language } from '@omp/protocol';
import { api } from '../../lib/api.ts';
import { readText, writeText } from '../../lib/storage.ts';
import { useSettings } from '../settings/settings-store.ts';

export interface AreaCode {
  id: number;
  /** ISO 3166-1 alpha-2. */
  code: string;
  /** E.g. '+852'. */
  global_code: string;
  /** English name. */
  name: string;
}

export interface LocalizedArea extends AreaCode {
  /** The name in the reader's language (the English one where the browser has none). */
  label: string;
  /** Every name and the code, folded for searching. */
  haystack: string;
}

/** The region a language is most likely typed from, when the browser does not say. */
const LANGUAGE_REGIONS: Record<Language, string> = {
  hk: 'HK',
  en: 'US',
  jp: 'JP',
  kr: 'KR',
  th: 'TH',
  vn: 'VN',
  fr: 'FR',
  de: 'DE',
  ru: 'RU',
  spa: 'ES',
  pt: 'PT',
  ar: 'SA',
  it: 'IT',
  tr: 'TR',
  id: 'ID',
};

/** Lower case without accents, so "e" finds "é" and "Türkiye" is found by "turkiye". */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

export function localizeAreas(areas: readonly AreaCode[], lang: Language): LocalizedArea[] {
  const locale = LANGUAGE_LOCALES[lang];
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
  } catch {
    names = undefined;
  }
  const collator = new Intl.Collator(locale);
  return areas
    .map((area) => {
      let label: string | undefined;
      try {
        label = names?.of(area.code);
      } catch {
        label = undefined;
      }
      label ||= area.name;
      return {
        ...area,
        label,
        haystack: fold(`${label} ${area.name} ${area.code} ${area.global_code}`),
      };
    })
    .sort((a, b) => collator.compare(a.label, b.label));
}

/** Rows matching what was typed: any name, the ISO code, or the calling code with or without '+'. */
export function filterAreas(areas: readonly LocalizedArea[], query: string): LocalizedArea[] {
  const needle = fold(query.trim());
  if (!needle) return [...areas];
  const digits = needle.replace(/^\+/, '');
  return areas.filter(
    (area) =>
      area.haystack.includes(needle) ||
      (/^\d+$/.test(digits) && area.global_code.slice(1).startsWith(digits)),
  );
}

/**
 * The area a form starts with: the one used last on this device, else the region of the browser's
 * language when it is the app's language too (en-GB → GB), else the language's usual region.
 */
export function defaultArea<T extends AreaCode>(
  areas: readonly T[],
  lang: Language,
  options: { rememberedId?: number | undefined; browserLanguage?: string | undefined } = {},
): T | undefined {
  const byId =
    options.rememberedId === undefined ? undefined : areas.find((a) => a.id === options.rememberedId);
  if (byId) return byId;
  const tag = options.browserLanguage;
  if (tag) {
    try {
      const browser = new Intl.Locale(tag);
      const app = new Intl.Locale(LANGUAGE_LOCALES[lang]);
      const region = browser.region;
      if (region && browser.language === app.language) {
        const match = areas.find((a) => a.code === region);
        if (match) return match;
      }
    } catch {
      // An unparsable tag says nothing about the region.
    }
  }
  return areas.find((a) => a.code === LANGUAGE_REGIONS[lang]) ?? areas[0];
}

const AREA_KEY = 'area_id';

export function rememberArea(areaId: number | undefined): void {
  if (areaId !== undefined) writeText(AREA_KEY, String(areaId));
}

function rememberedArea(): number | undefined {
  const value = Number(readText(AREA_KEY));
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

export function useAreaCodes() {
  const lang = useSettings((s) => s.lang);
  const query = useQuery({
    queryKey: ['area_list'],
    queryFn: ({ signal }) => api.get<AreaCode[]>('/api/default/area_list', { signal }),
    staleTime: Infinity,
  });
  const areas = useMemo(() => localizeAreas(query.data ?? [], lang), [query.data, lang]);
  const fallback = useMemo(
    () =>
      defaultArea(areas, lang, {
        rememberedId: rememberedArea(),
        browserLanguage: typeof navigator === 'undefined' ? undefined : navigator.language,
      }),
    [areas, lang],
  );
  return { areas, fallback, isPending: query.isPending };
}
