import { describe, expect, it } from 'vitest';
import { parseMicros } from './money.ts';
import { receivedAmount, withdrawalFee, withdrawalRuleFault } from './withdrawal.ts';

const usd = (text: string) => parseMicros(text)!;

describe('withdrawal fee and received amount', () => {
  it.each([
    // fee type, rate, amount, fee, usd price, received
    [1, '2', '100', '2', '1', '98.00'],
    [1, '5.5', '5', '5.5', '1', '0.00'],
    [2, '0.01', '100', '1', '1', '99.00'],
    [2, '0.015', '33.333333', '0.5', '1', '32.83'],
    [2, '0.001', '1000', '1', '0.92', '919.08'],
    [1, '1', '10', '1', '7.123456', '64.11'],
    [2, '0', '0.01', '0', '1', '0.01'],
  ])(
    '[W1][W2] type %i rate %s on %s: fee %s, at %s received %s',
    (feeType, drawRate, amount, fee, price, received) => {
      const computed = withdrawalFee({ feeType, drawRate }, usd(amount));
      expect(computed).toBe(usd(fee));
      expect(receivedAmount(usd(amount), computed, price)).toBe(received);
    },
  );

  it('[W2] rounds the received amount down, never up', () => {
    // 0.999999 USD at 1 → 0.99, not 1.00
    expect(receivedAmount(usd('0.999999'), 0n, '1')).toBe('0.99');
  });

  it('[W2] a fee above the amount receives nothing rather than a negative figure', () => {
    expect(receivedAmount(usd('1'), usd('2'), '1')).toBe('0.00');
  });
});

describe('withdrawal currency rules staff may set', () => {
  it.each([
    [{ feeType: 1, drawRate: '2.5', usdPrice: '1', minAmount: '10' }],
    [{ feeType: 1, drawRate: '0', usdPrice: '0.86' }],
    [{ feeType: 2, drawRate: '0.002', usdPrice: '1' }],
    [{ feeType: 2, drawRate: '0.999999999999', usdPrice: '150.123456789012' }],
  ])('takes %o', (rule) => {
    expect(withdrawalRuleFault(rule)).toBeUndefined();
  });

  it.each([
    // A value the arithmetic would read as 0: a fee of nothing, or nothing paid out.
    [{ feeType: 1, drawRate: '2.5000001', usdPrice: '1' }, 'fee_amount'],
    [{ feeType: 2, drawRate: '0.0020000000001', usdPrice: '1' }, 'fee_rate'],
    [{ feeType: 2, drawRate: '1', usdPrice: '1' }, 'fee_rate'],
    [{ feeType: 2, drawRate: '999999999999.999999999999999', usdPrice: '1' }, 'fee_rate'],
    [{ feeType: 1, drawRate: '1', usdPrice: '0.8600000000001' }, 'usd_price'],
    [{ feeType: 1, drawRate: '1', usdPrice: '0' }, 'usd_price'],
    [{ feeType: 1, drawRate: '1', usdPrice: '1', minAmount: '0.0000001' }, 'min_amount'],
  ] as const)('refuses %o: %s', (rule, fault) => {
    expect(withdrawalRuleFault(rule)).toBe(fault);
  });
});
