/**
 * Fonts and text runs of the PDF statement. The fonts come from npm packages (Noto Sans for Latin,
 * Cyrillic and Vietnamese; Noto Sans TC, JP and KR for the CJK languages; Noto Sans Thai and
 * Arabic), so a fresh install has them; each file is read once and kept while the process lives.
 *
 * PDFKit shapes a run with fontkit (Arabic joining, Thai marks) but neither falls back to another
 * font nor orders mixed directions. So a line is cut here into runs by font (Thai and Arabic
 * letters in their fonts, the rest in the language's base font) and by bidi level (bidi-js, the
 * Unicode algorithm), and the runs come back in visual order: right-to-left runs word by word in
 * reverse, each word handed over in logical order, which fontkit shapes and lays out right to left.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import bidiModule from 'bidi-js';
import type { Bidi } from 'bidi-js';
import { RTL_LANGUAGES, type Language } from '@omp/protocol';

export type FontRole = 'base' | 'bold' | 'thai' | 'arabic';

const require = createRequire(import.meta.url);

const FAMILY_FILES = {
  latin: ['noto-sans', 'NotoSans'],
  tc: ['noto-sans-tc', 'NotoSansTC'],
  jp: ['noto-sans-jp', 'NotoSansJP'],
  kr: ['noto-sans-kr', 'NotoSansKR'],
  thai: ['noto-sans-thai', 'NotoSansThai'],
  arabic: ['noto-sans-arabic', 'NotoSansArabic'],
} as const;
type Family = keyof typeof FAMILY_FILES;

/** The family whose glyphs cover a language's own script (Latin comes with every one of them). */
const BASE_FAMILY: Partial<Record<Language, Family>> = { hk: 'tc', jp: 'jp', kr: 'kr' };

const loaded = new Map<string, Buffer>();

/** A font file's bytes, read on first use: a CJK face is several megabytes, read once. */
function fontFile(family: Family, weight: '400Regular' | '700Bold'): Buffer {
  const key = `${family}/${weight}`;
  let bytes = loaded.get(key);
  if (!bytes) {
    const [pkg, prefix] = FAMILY_FILES[family];
    const folder = path.dirname(require.resolve(`@expo-google-fonts/${pkg}/package.json`));
    bytes = readFileSync(path.join(folder, weight, `${prefix}_${weight}.ttf`));
    loaded.set(key, bytes);
  }
  return bytes;
}

/**
 * The fonts of a language by role. A CJK face has no bold here: a second weight would double the
 * megabytes kept, and headings there stand out by size.
 */
export function fontsFor(lang: Language): Record<FontRole, Buffer> {
  const family = BASE_FAMILY[lang] ?? 'latin';
  const base = fontFile(family, '400Regular');
  return {
    base,
    bold: family === 'latin' ? fontFile('latin', '700Bold') : base,
    thai: fontFile('thai', '400Regular'),
    arabic: fontFile('arabic', '400Regular'),
  };
}

export const isRightToLeft = (lang: Language) => RTL_LANGUAGES.includes(lang);

// The package is CommonJS whose module is the factory; its types describe an ES default export.
const bidiFactory = bidiModule as unknown as () => Bidi;
const bidi = bidiFactory();

const isThai = (code: number) => code >= 0x0e00 && code <= 0x0e7f;
const isArabic = (code: number) =>
  (code >= 0x0600 && code <= 0x06ff) ||
  (code >= 0x0750 && code <= 0x077f) ||
  (code >= 0x08a0 && code <= 0x08ff) ||
  (code >= 0xfb50 && code <= 0xfdff) ||
  (code >= 0xfe70 && code <= 0xfeff);

const LRI = '\u2066';
const PDI = '\u2069';
/** A number, date, time or Latin code with its signs and separators: "-2.25", "EUR/USD", "13:00". */
const LEFT_TO_RIGHT_TOKEN = /[-+]?[A-Za-z0-9](?:[A-Za-z0-9:./_+-]*[A-Za-z0-9])?/g;

export interface TextRun {
  text: string;
  font: 'base' | 'thai' | 'arabic';
}

/** Cuts text (one bidi level, in logical order) into runs by the font its letters need. */
function runsByFont(text: string): TextRun[] {
  const runs: TextRun[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    // Spaces and marks of punctuation stay with the letters before them.
    const font = isThai(code)
      ? 'thai'
      : isArabic(code)
        ? 'arabic'
        : /[\s.,:;!?'"()-]/.test(char)
          ? undefined
          : 'base';
    const last = runs.at(-1);
    if (last && (font === undefined || font === last.font)) last.text += char;
    else runs.push({ text: char, font: font ?? 'base' });
  }
  return runs;
}

/**
 * One line of text as runs in visual order, left to right. In a right-to-left paragraph a run of
 * Arabic comes out word by word from the right; numbers and Latin inside stay left to right.
 */
export function visualRuns(text: string, rtl: boolean): TextRun[] {
  if (text === '') return [];
  if (!rtl && !/[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/.test(text)) return runsByFont(text);
  // Dates, times, amounts and codes read left to right as wholes: isolated, "2026-11-01" is not
  // turned into "01-11-2026" by the Arabic letters around it (the algorithm's rules for numbers).
  text = text.replace(LEFT_TO_RIGHT_TOKEN, (token) => `${LRI}${token}${PDI}`);
  const { levels } = bidi.getEmbeddingLevels(text, rtl ? 'rtl' : 'ltr');
  const mirrored = bidi.getMirroredCharactersMap(text, levels);
  // Level runs over UTF-16 indexes, as the levels are counted (a pair keeps its first's level).
  const spans: Array<{ level: number; text: string }> = [];
  for (let index = 0; index < text.length; index++) {
    const level = levels[index] ?? 0;
    const shown = mirrored.get(index) ?? text[index]!;
    // The isolates order the text; no font draws them.
    if (shown === LRI || shown === PDI) continue;
    const last = spans.at(-1);
    if (last && (last.level === level || /[\udc00-\udfff]/.test(shown))) last.text += shown;
    else spans.push({ level, text: shown });
  }
  // Rule L2 over whole spans: from the highest level down to the lowest odd one, reverse every
  // sequence of spans at that level or above.
  const highest = Math.max(...spans.map((span) => span.level));
  const lowestOdd = Math.min(
    ...spans.map((span) => span.level).filter((level) => level % 2 === 1),
    highest + 1,
  );
  for (let level = highest; level >= lowestOdd; level--) {
    for (let start = 0; start < spans.length; start++) {
      if (spans[start]!.level < level) continue;
      let end = start;
      while (end + 1 < spans.length && spans[end + 1]!.level >= level) end++;
      spans.splice(start, end - start + 1, ...spans.slice(start, end + 1).reverse());
      start = end;
    }
  }
  return spans.flatMap((span) => {
    if (span.level % 2 === 0) return runsByFont(span.text);
    // Right to left: words from the right, each word's letters in logical order for the shaper.
    return (
      span.text
        .split(/( +)/)
        .filter((part) => part !== '')
        .reverse()
        // A word cut by fonts ("ربح/خسارة") has its pieces from the right too.
        .flatMap((word) => runsByFont(word).reverse())
    );
  });
}
