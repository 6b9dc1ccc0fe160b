import { describe, expect, it } from 'vitest';
import { parseLots } from '@omp/engine';
import { formatLotsText, isValidLots, lotRulesOf, readLots, stepLots, type LotRules } from './lot-rules.ts';

const lots = (text: string) => parseLots(text)!;
const show = (value: bigint, rules: LotRules) => formatLotsText(value, rules);

describe('lot rules of an instrument', () => {
  it('reads step, minimum and maximum exactly', () => {
    const rules = lotRulesOf({ Pip: 0.01, ForexMinCont: 0.01, ForexMaxCont: 50 });
    expect(rules).toEqual({ step: lots('0.01'), min: lots('0.01'), max: lots('50'), decimals: 2 });
  });

  it('puts an off-grid minimum and maximum on the grid, inside each other', () => {
    const rules = lotRulesOf({ Pip: 0.1, ForexMinCont: 0.15, ForexMaxCont: 1.05 });
    expect(show(rules.min, rules)).toBe('0.2');
    expect(show(rules.max, rules)).toBe('1.0');
    const inverted = lotRulesOf({ Pip: 1, ForexMinCont: 5, ForexMaxCont: 2 });
    expect(inverted.max).toBe(inverted.min);
    expect(show(inverted.min, inverted)).toBe('5');
  });

  it('handles tiny steps that print with an exponent', () => {
    const rules = lotRulesOf({ Pip: 1e-7, ForexMinCont: 1e-7, ForexMaxCont: 1 });
    expect(rules.decimals).toBe(7);
    expect(show(stepLots(rules.min, 1, rules), rules)).toBe('0.0000002');
  });
});

describe('stepping', () => {
  const rules = lotRulesOf({ Pip: 0.01, ForexMinCont: 0.05, ForexMaxCont: 0.1 });

  it('moves one step at a time without binary fractions', () => {
    let value = rules.min;
    for (let i = 0; i < 3; i++) value = stepLots(value, 1, rules);
    expect(show(value, rules)).toBe('0.08');
  });

  it('never goes below the minimum nor above the maximum', () => {
    expect(stepLots(rules.min, -1, rules)).toBe(rules.min);
    expect(stepLots(rules.max, 1, rules)).toBe(rules.max);
  });

  it('moves a typed off-grid size to the neighbouring step in the tapped direction', () => {
    expect(show(stepLots(lots('0.063'), 1, rules), rules)).toBe('0.07');
    expect(show(stepLots(lots('0.063'), -1, rules), rules)).toBe('0.06');
  });
});

describe('typed sizes', () => {
  const rules = lotRulesOf({ Pip: 0.01, ForexMinCont: 0.01, ForexMaxCont: 50 });

  it('reads exactly the size typed, never rounded or clamped', () => {
    // The ticket used to send 50 lots for a typed 60 and 0.02 for 0.015: it now sends what is shown.
    expect(readLots('0.123')).toBe(12_300_000n);
    expect(readLots('60')).toBe(6_000_000_000n);
    expect(readLots('0.015')).toBe(1_500_000n);
    expect(readLots('1,5')).toBe(150_000_000n);
  });

  it('reads text that is not a positive amount as 0, which the ticket flags', () => {
    for (const text of ['abc', '', '0', '-1', '1e3']) expect(readLots(text)).toBe(0n);
  });

  it('tells valid text from text the ticket flags', () => {
    expect(isValidLots('0.10', rules)).toBe(true);
    expect(isValidLots('0.105', rules)).toBe(false);
    expect(isValidLots('0', rules)).toBe(false);
    expect(isValidLots('51', rules)).toBe(false);
  });
});
