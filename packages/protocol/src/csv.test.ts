import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv.ts';

describe('parseCsv', () => {
  it('reads quoted cells with commas, doubled quotes and line breaks, and CRLF rows', () => {
    expect(parseCsv('a,"b, c","say ""hi"""\r\n"two\nlines",,-1.50\r\n')).toEqual([
      ['a', 'b, c', 'say "hi"'],
      ['two\nlines', '', '-1.50'],
    ]);
  });
});
