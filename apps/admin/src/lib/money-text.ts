/**
 * Money as the staff API sends it (exact decimal text, or a JSON number of at most six decimals)
 * with its thousands grouped and at least cents: 1234567.5 reads 1,234,567.50 at a glance in a
 * dense table. The grouping works on the digits, so an exact text is never rounded through a float.
 */
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;
const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;

export function groupedMoney(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  // A JSON number's shortest text is the text it was sent as (money has at most six decimals).
  const text = typeof value === 'number' ? String(value) : value.trim();
  const parts = DECIMAL.exec(text);
  if (!parts) return text;
  const [, sign, whole = '', fraction = ''] = parts;
  return `${sign}${whole.replace(THOUSANDS, ',')}.${fraction.padEnd(2, '0')}`;
}
