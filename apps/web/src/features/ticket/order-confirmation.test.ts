import { describe, expect, it } from 'vitest';
import {
  confirmReason,
  marginLevelAfter,
  type AccountNow,
  type OrderConfirmMode,
} from './order-confirmation.ts';

const usd = (dollars: number) => BigInt(Math.round(dollars * 1_000_000));
const account = (equity: number, used: number, marginCallLevel = 100): AccountNow => ({
  equityMicros: usd(equity),
  usedMarginMicros: usd(used),
  freeMarginMicros: usd(equity - used),
  marginCallLevel,
});
const order = (margin: number, fee = 0) => ({ marginMicros: usd(margin), feeMicros: usd(fee) });

describe('marginLevelAfter', () => {
  it.each([
    ['no position yet: equity over the new margin', account(10_000, 0), order(2_000), 500],
    ['the fee comes off the equity', account(10_000, 0), order(2_000, 100), 495],
    ['adds to the margin already in use', account(10_000, 3_000), order(2_000), 200],
    ['rounds down to hundredths', account(10_000, 0), order(3_000), 333.33],
    ['a negative equity gives a negative level, rounded down', account(-10, 0), order(3), -333.34],
  ] as const)('%s', (_name, now, cost, level) => {
    expect(marginLevelAfter(now, cost)).toBe(level);
  });

  it('has no level when no margin would be in use', () => {
    expect(marginLevelAfter(account(10_000, 0), order(0))).toBeUndefined();
  });
});

describe('confirmReason', () => {
  // Free margin 10,000 USD, nothing open, margin call at 100 %.
  const fresh = account(10_000, 0);
  it.each<
    [
      string,
      OrderConfirmMode,
      ReturnType<typeof order> | undefined,
      AccountNow | undefined,
      string | undefined,
    ]
  >([
    ['large: a margin of half the free margin is not large', 'large', order(5_000), fresh, undefined],
    ['large: a cent over half is', 'large', order(5_000.01), fresh, 'large_margin'],
    ['large: a small order sends at once', 'large', order(100, 1), fresh, undefined],
    // Equity 1,050, used 1,000 (105 %): a margin of 10 leaves 1,050 / 1,010 = 103.96 %, above 100 %.
    ['large: a level staying above the call level', 'large', order(10), account(1_050, 1_000), undefined],
    // 50 more of margin: 1,050 / 1,050 = 100 %, at the call level.
    ['large: a level at the call level', 'large', order(50), account(1_050, 1_000), 'margin_call'],
    [
      'large: the call level is the account’s own',
      'large',
      order(10),
      account(1_050, 1_000, 105),
      'margin_call',
    ],
    // The fee pulls it under: (1,050 − 1) / 1,049 < 100 %.
    ['large: the fee counts', 'large', order(49, 1), account(1_050, 1_000), 'margin_call'],
    ['large: unknown cost sends without asking', 'large', undefined, fresh, undefined],
    ['large: unknown account sends without asking', 'large', order(9_000), undefined, undefined],
    ['always: even a small order', 'always', order(1), fresh, 'always'],
    ['always: even without figures', 'always', undefined, undefined, 'always'],
    ['never: not even a huge one', 'never', order(9_999), account(10_000, 0), undefined],
  ])('%s', (_name, mode, cost, now, reason) => {
    expect(confirmReason(mode, cost, now)).toBe(reason);
  });
});
