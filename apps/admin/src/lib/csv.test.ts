import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

describe('CSV export', () => {
  const columns = [
    { title: 'id', value: (row: { id: number; name: string }) => row.id },
    { title: 'name', value: (row: { id: number; name: string }) => row.name },
  ];

  it('writes a byte-order mark, CRLF rows, and quotes what needs quoting', () => {
    const csv = toCsv(columns, [
      { id: 1, name: 'Plain' },
      { id: 2, name: 'Comma, "quoted"\nand a line' },
      { id: 3, name: '王小明' },
    ]);
    expect(csv).toBe('\uFEFFid,name\r\n1,Plain\r\n2,"Comma, ""quoted""\nand a line"\r\n3,王小明\r\n');
  });

  it('keeps a name that looks like a formula from running in a spreadsheet, but not a negative number', () => {
    const csv = toCsv(columns, [
      { id: 1, name: '=HYPERLINK("http://x")' },
      { id: 2, name: '@SUM(A1)' },
      { id: 3, name: '-12.5' },
      { id: 4, name: '+1 555' },
    ]);
    const lines = csv.replace('\uFEFF', '').split('\r\n');
    expect(lines[1]).toBe(`1,"'=HYPERLINK(""http://x"")"`);
    expect(lines[2]).toBe("2,'@SUM(A1)");
    expect(lines[3]).toBe('3,-12.5');
    expect(lines[4]).toBe("4,'+1 555");
  });
});
