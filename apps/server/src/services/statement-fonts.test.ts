import { describe, expect, it } from 'vitest';
import { visualRuns } from './statement-fonts.ts';

const shown = (text: string, rtl: boolean) => visualRuns(text, rtl).map((run) => `${run.font}:${run.text}`);

describe('visual runs of a PDF line', () => {
  it('keeps left-to-right text as it is, with Thai in its own font', () => {
    expect(shown('Fee ค่าธรรมเนียม 2.25', false)).toEqual(['base:Fee ', 'thai:ค่าธรรมเนียม ', 'base:2.25']);
    expect(shown('', true)).toEqual([]);
  });

  it('orders Arabic words from the right and keeps dates and amounts whole', () => {
    expect(shown('كشف الحساب', true)).toEqual(['arabic:الحساب', 'base: ', 'arabic:كشف']);
    expect(shown('من 2026-11-01 إلى 2026-11-30', true)).toEqual([
      'base:2026-11-30',
      'base: ',
      'arabic:إلى',
      'base: ',
      'base:2026-11-01',
      'base: ',
      'arabic:من',
    ]);
    expect(shown('رسوم -2.25', true)).toEqual(['base:-2.25', 'base: ', 'arabic:رسوم']);
  });
});
