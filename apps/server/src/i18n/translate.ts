/**
 * Server messages in the 15 UI languages. Catalogs are JSON files beside this module, loaded once;
 * a key missing in a language falls back to English (a test keeps that from happening).
 */
import { existsSync, readFileSync } from 'node:fs';
import { LANGUAGES, type Language } from '@omp/protocol';

type Catalog = Record<string, string>;

const catalogs = new Map<Language, Catalog>();
for (const lang of LANGUAGES) {
  const file = new URL(`./locales/${lang}.json`, import.meta.url);
  if (existsSync(file)) catalogs.set(lang, JSON.parse(readFileSync(file, 'utf8')) as Catalog);
}

export type MessageParams = Record<string, string | number>;

/**
 * The longest a value may be inside a message. Messages repeat what a request named (a setting key,
 * an address, a field); a message stays a line however long that was.
 */
const MAX_PARAM_LENGTH = 200;

const shortened = (value: string) =>
  value.length > MAX_PARAM_LENGTH ? `${value.slice(0, MAX_PARAM_LENGTH)}…` : value;

export function translate(lang: Language, key: string, params: MessageParams = {}): string {
  const template = catalogs.get(lang)?.[key] ?? catalogs.get('en')?.[key] ?? key;
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? shortened(String(params[name])) : whole,
  );
}
