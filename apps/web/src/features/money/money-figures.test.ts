import { describe, expect, it } from 'vitest';
import {
  checkAmount,
  currencyAmountText,
  feeRule,
  microsOf,
  previewDeposit,
  previewWithdrawal,
  shortened,
  usdText,
  utcTextSeconds,
} from './money-figures.ts';

const fixed = { fee_type: 1, draw_rate: '2', usd_price: '1', min_amount: '10' };
const rated = { fee_type: 2, draw_rate: '0.015', usd_price: '0.92', min_amount: '0' };

describe('amount as typed', () => {
  it.each([
    ['', 'empty'],
    ['  ', 'empty'],
    ['abc', 'format'],
    ['1.1234567', 'format'],
    ['-5', 'format'],
    ['1e3', 'format'],
    ['0', 'zero'],
    ['0.000000', 'zero'],
    ['1000000000.000001', 'too_big'],
  ])('%j is refused as %s', (text, problem) => {
    expect(checkAmount(text)).toEqual({ problem });
  });

  it('keeps every digit of a valid amount', () => {
    expect(checkAmount(' 12.345678 ')).toEqual({ micros: 12_345_678n });
  });
});

describe('withdrawal preview', () => {
  it('a fixed fee comes off the amount, the rest converts at the currency price', () => {
    expect(previewWithdrawal('100', fixed, 500)).toEqual({ state: 'ok', fee: '2.00', received: '98.00' });
  });

  it('a rate fee is exact to the micro-dollar and received rounds down to the cent', () => {
    // fee = 33.333333 × 0.015 = 0.499999995 → 0.5; (33.333333 − 0.5) × 0.92 = 30.2066663 → 30.20
    expect(previewWithdrawal('33.333333', rated, undefined)).toEqual({
      state: 'ok',
      fee: '0.50',
      received: '30.20',
    });
  });

  it('explains what is wrong before anything is sent', () => {
    expect(previewWithdrawal('', fixed, 500)).toEqual({ state: 'empty' });
    expect(previewWithdrawal('5', fixed, 500)).toEqual({ state: 'invalid', problem: 'below_min', min: '10' });
    expect(previewWithdrawal('500.01', fixed, 500)).toEqual({ state: 'invalid', problem: 'above_free' });
    expect(previewWithdrawal('1.2.3', fixed, 500)).toEqual({ state: 'invalid', problem: 'format' });
  });

  it('all of the free margin may leave, not a micro-dollar more', () => {
    expect(previewWithdrawal('123.456789', rated, 123.456789).state).toBe('ok');
    expect(previewWithdrawal('123.45679', rated, 123.456789).state).toBe('invalid');
  });
});

describe('labels', () => {
  it('reads fee rules as a fixed amount or a percentage', () => {
    expect(feeRule(fixed)).toEqual({ kind: 'fixed', value: '2.00' });
    expect(feeRule(rated)).toEqual({ kind: 'rate', value: '1.5' });
    expect(feeRule({ fee_type: 2, draw_rate: '0.01' })).toEqual({ kind: 'rate', value: '1' });
    expect(feeRule({ fee_type: 2, draw_rate: '0.000125' })).toEqual({ kind: 'rate', value: '0.0125' });
  });

  it('shows USD with 2 to 6 decimals and server doubles exactly', () => {
    expect(usdText(1_500_000n)).toBe('1.50');
    expect(usdText(1_234_567n)).toBe('1.234567');
    expect(microsOf(0.1 + 0.2)).toBe(300_000n);
  });

  it('keeps both ends of a long address', () => {
    expect(shortened('TXYZabcdefghijkmnopqrstuvwxyz12345')).toBe('TXYZabcd…xyz12345');
    expect(shortened('short')).toBe('short');
  });
});

describe('record times', () => {
  it('reads the server time text as UTC', () => {
    expect(utcTextSeconds('2026-11-23 09:41:24')).toBe(Date.UTC(2026, 10, 23, 9, 41, 24) / 1000);
    expect(utcTextSeconds('')).toBeUndefined();
  });
});

describe('deposit preview', () => {
  it.each([
    ['100', '0.86', '116.279069'],
    ['86', '0.86', '100.00'],
    ['25.5', '1', '25.50'],
    ['0.000001', '0.86', '0.000001'],
  ])('%s at %s per USD credits %s USD', (amount, rate, credited) => {
    expect(previewDeposit(amount, rate)).toEqual({ state: 'ok', credited });
  });

  it.each([
    ['', '0.86', { state: 'empty' }],
    ['abc', '0.86', { state: 'invalid', problem: 'format' }],
    ['0', '1', { state: 'invalid', problem: 'zero' }],
    // Worth less than a micro-dollar: nothing would be credited.
    ['0.000001', '2', { state: 'invalid', problem: 'zero' }],
  ])('%j at %s is %j', (amount, rate, preview) => {
    expect(previewDeposit(amount, rate)).toEqual(preview);
  });
});

describe('amounts in a deposit currency', () => {
  it.each([
    ['100', '100.00'],
    ['95.5', '95.50'],
    ['0.000001', '0.000001'],
    ['not a number', 'not a number'],
  ])('%s shows as %s', (text, shown) => {
    expect(currencyAmountText(text)).toBe(shown);
  });
});
