/**
 * Every language carries exactly the keys of en.json, none empty, with the same {{placeholders}}:
 * the app has no fallback language, so a missing key would show as a raw key on screen.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@omp/protocol';

const dir = new URL('./locales/', import.meta.url);

type Tree = { [key: string]: string | Tree };

function load(lang: string): Tree {
  return JSON.parse(readFileSync(new URL(`${lang}.json`, dir), 'utf8')) as Tree;
}

function flatten(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null) {
      for (const [k, v] of flatten(value, path)) out.set(k, v);
    } else {
      out.set(path, value);
    }
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort();

const reference = flatten(load('en'));

describe('locales', () => {
  it('has a file for each of the 15 languages and nothing else', () => {
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace(/\.json$/, ''))
      .sort();
    expect(files).toEqual([...LANGUAGES].sort());
  });

  it('en.json has only non-empty strings', () => {
    for (const [key, value] of reference) {
      expect(typeof value, key).toBe('string');
      expect((value as string).trim(), key).not.toBe('');
    }
  });

  for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
    describe(lang, () => {
      const table = flatten(load(lang));

      it('has every key of en.json', () => {
        const missing = [...reference.keys()].filter((key) => !table.has(key));
        expect(missing).toEqual([]);
      });

      it('has no key that en.json lacks', () => {
        const extra = [...table.keys()].filter((key) => !reference.has(key));
        expect(extra).toEqual([]);
      });

      it('has no empty or non-string texts', () => {
        const bad = [...table]
          .filter(([, value]) => typeof value !== 'string' || value.trim() === '')
          .map(([k]) => k);
        expect(bad).toEqual([]);
      });

      it('uses the same {{placeholders}} as en.json', () => {
        const wrong = [...reference]
          .filter(([key]) => table.has(key))
          .filter(([key, value]) => {
            const theirs = table.get(key);
            return (
              typeof theirs === 'string' &&
              placeholders(theirs).join() !== placeholders(value as string).join()
            );
          })
          .map(([key]) => key);
        expect(wrong).toEqual([]);
      });
    });
  }
});
