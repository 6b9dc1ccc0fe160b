/**
 * Serves `locales/<lang>.json?texts=first` and `?texts=rest`: the two parts of a language table
 * (src/i18n/text-split.ts), so the first load carries only the texts the quote list can show.
 */
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { FIRST_SCREEN_KEYS } from './src/i18n/first-screen-keys.ts';
import { textPart, type TextPart, type TextTree } from './src/i18n/text-split.ts';

const PART_QUERY = /\.json\?texts=(first|rest)$/;

export function textsSplit(): Plugin {
  return {
    name: 'omp-texts-split',
    enforce: 'pre',
    load(id) {
      const match = PART_QUERY.exec(id);
      if (!match) return null;
      const file = id.slice(0, id.indexOf('?'));
      this.addWatchFile(file);
      const table = JSON.parse(readFileSync(file, 'utf8')) as TextTree;
      const part = textPart(table, match[1] as TextPart, FIRST_SCREEN_KEYS);
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(part))});`;
    },
  };
}
