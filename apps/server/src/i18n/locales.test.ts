import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, it, expect } from 'vitest';
import { LANGUAGES } from '@omp/protocol';

const DIR = fileURLToPath(new URL('./locales/', import.meta.url));

/** Flattens nested messages into dotted keys, so nested namespaces are checked too. */
function flatten(value: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

function load(lang: string): Map<string, unknown> {
  return flatten(JSON.parse(readFileSync(`${DIR}${lang}.json`, 'utf8')));
}

/** The distinct `{{name}}` placeholders of a message, sorted. */
function placeholders(message: unknown): string[] {
  if (typeof message !== 'string') return [];
  return [...new Set([...message.matchAll(/\{\{\s*([^{}\s]+)\s*\}\}/g)].map((m) => m[1]!))].sort();
}

const en = load('en');

describe('server locales', () => {
  it('exist for every UI language and no other', () => {
    const files = readdirSync(DIR)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -'.json'.length))
      .sort();
    expect(files).toEqual([...LANGUAGES].sort());
  });

  it('en has only non-empty string messages', () => {
    expect(en.size).toBeGreaterThan(0);
    for (const [key, message] of en)
      expect(typeof message === 'string' && message.trim() !== '', key).toBe(true);
  });

  for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
    describe(lang, () => {
      const messages = load(lang);

      it('has every key of en.json and no other', () => {
        const missing = [...en.keys()].filter((k) => !messages.has(k));
        const extra = [...messages.keys()].filter((k) => !en.has(k));
        expect({ missing, extra }).toEqual({ missing: [], extra: [] });
      });

      it('has a non-empty message for every key', () => {
        for (const [key, message] of messages) {
          expect(typeof message === 'string' && message.trim() !== '', `${lang}.${key}`).toBe(true);
        }
      });

      it('keeps the placeholders of en.json', () => {
        for (const [key, message] of en) {
          if (!messages.has(key)) continue;
          expect(placeholders(messages.get(key)), `${lang}.${key}`).toEqual(placeholders(message));
        }
      });
    });
  }
});
