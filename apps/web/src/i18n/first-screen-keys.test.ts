/**
 * The first part of each language table (first-screen-keys.ts) must hold every text the code of
 * the first load can show: that code is the start-up module and everything it imports statically
 * (the other screens load on demand, with the rest of the texts). Keys are found as they are
 * written: 'section.key' literals, and `section.prefix${…}` templates, which need every key under
 * that prefix. And the two parts of each of the 15 tables hold its every key, once.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@omp/protocol';
import { FIRST_SCREEN_KEYS } from './first-screen-keys.ts';
import { isFirstScreenKey, textPart, type TextTree } from './text-split.ts';

const src = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const table = (lang: string) =>
  JSON.parse(readFileSync(resolve(src, `i18n/locales/${lang}.json`), 'utf8')) as TextTree;

function flatten(tree: TextTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([name, value]) => {
    const key = prefix ? `${prefix}.${name}` : name;
    return typeof value === 'string' ? [key] : flatten(value, key);
  });
}

const english = table('en');
const allKeys = flatten(english);
const sections = new Set(Object.keys(english));

/** The app's modules the start-up module imports, directly or not, without waiting (no `import()`). */
function firstLoadModules(entry: string): Map<string, string> {
  const modules = new Map<string, string>();
  const visit = (file: string) => {
    if (modules.has(file)) return;
    const code = readFileSync(file, 'utf8');
    modules.set(file, code);
    for (const match of code.matchAll(/^\s*(?:import|export)\s[^'";]*?['"](\.[^'"]+)['"]/gm)) {
      const imported = resolve(dirname(file), match[1] ?? '');
      if (/\.tsx?$/.test(imported) && existsSync(imported)) visit(imported);
    }
  };
  visit(entry);
  return modules;
}

/** Each text key a module names, and each prefix a template builds keys from (ending in `*`). */
function keysNamedIn(code: string): string[] {
  const named: string[] = [];
  for (const match of code.matchAll(/['"`]([A-Za-z]+)((?:\.[\w]+)*\.?[\w]*)(\$\{)?/g)) {
    const [, section = '', rest = '', template] = match;
    if (!sections.has(section) || rest === '') continue;
    named.push(template ? `${section}${rest}*` : `${section}${rest}`);
  }
  return named;
}

describe('the first screen texts', () => {
  const modules = firstLoadModules(resolve(src, 'main.tsx'));

  it('finds the quote list among the modules of the first load', () => {
    expect([...modules.keys()].some((file) => file.endsWith('features/quotes/home-page.tsx'))).toBe(true);
  });

  it('holds every key the first load names', () => {
    const missing = new Set<string>();
    for (const [file, code] of modules) {
      for (const name of keysNamedIn(code)) {
        const prefix = name.endsWith('*') ? name.slice(0, -1) : undefined;
        const keys = allKeys.filter((key) =>
          prefix ? key.startsWith(prefix) : key === name || key.startsWith(`${name}.`),
        );
        for (const key of keys)
          if (!isFirstScreenKey(key, FIRST_SCREEN_KEYS))
            missing.add(`${key} (${file.slice(src.length + 1)})`);
      }
    }
    expect([...missing]).toEqual([]);
  });

  it('names only keys that exist', () => {
    const unknown = FIRST_SCREEN_KEYS.filter(
      (entry) => !allKeys.some((key) => isFirstScreenKey(key, [entry])),
    );
    expect(unknown).toEqual([]);
  });

  for (const lang of LANGUAGES) {
    it(`splits ${lang} into two parts that hold each of its keys once`, () => {
      const whole = table(lang);
      const first = flatten(textPart(whole, 'first', FIRST_SCREEN_KEYS));
      const rest = flatten(textPart(whole, 'rest', FIRST_SCREEN_KEYS));
      expect([...first, ...rest].sort()).toEqual(flatten(whole).sort());
      expect(first.filter((key) => rest.includes(key))).toEqual([]);
      expect(first.length).toBeGreaterThan(0);
    });
  }
});
