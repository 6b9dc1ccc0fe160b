/** Every screen text exists in all three languages, and every key the code names exists. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';
import zhTW from './locales/zh-TW.json';

type Table = Record<string, Record<string, string>>;
const keysOf = (table: Table) =>
  Object.entries(table)
    .flatMap(([group, texts]) => Object.keys(texts).map((k) => `${group}.${k}`))
    .sort();

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('back-office locales', () => {
  it('have the same keys in English, Simplified and Traditional Chinese, none empty', () => {
    const keys = keysOf(en);
    expect(keysOf(zhCN)).toEqual(keys);
    expect(keysOf(zhTW)).toEqual(keys);
    for (const table of [en, zhCN, zhTW] as Table[])
      for (const [group, texts] of Object.entries(table))
        for (const [key, text] of Object.entries(texts)) expect(text.trim(), `${group}.${key}`).not.toBe('');
  });

  it('keep the placeholders of each English text in its translations', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const [group, texts] of Object.entries(en as Table))
      for (const [key, text] of Object.entries(texts))
        for (const other of [zhCN, zhTW] as Table[])
          expect(placeholders(other[group]![key]!), `${group}.${key}`).toEqual(placeholders(text));
  });

  it('hold every key the screens name literally', () => {
    const known = new Set(keysOf(en));
    const root = path.resolve(import.meta.dirname, '..');
    const used = sources(root).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([a-z_]+\.[a-z_0-9]+)'/g)].map((m) => m[1]!),
    );
    expect(used.length).toBeGreaterThan(100);
    expect(used.filter((key) => !known.has(key))).toEqual([]);
  });
});
