import { describe, expect, it } from 'vitest';
import { groupedMoney } from './money-text.ts';

describe('groupedMoney', () => {
  it.each([
    ['0', '0.00'],
    ['1000', '1,000.00'],
    ['1234567.5', '1,234,567.50'],
    ['-9007199254.740993', '-9,007,199,254.740993'],
    ['999.123456', '999.123456'],
    [1000000.25, '1,000,000.25'],
    [-0.1, '-0.10'],
  ])('groups %s as %s, every digit kept', (value, shown) => {
    expect(groupedMoney(value)).toBe(shown);
  });

  it('shows a missing figure as a dash and anything else as it came', () => {
    expect(groupedMoney(null)).toBe('—');
    expect(groupedMoney('')).toBe('—');
    expect(groupedMoney('n/a')).toBe('n/a');
  });
});
