import { describe, expect, it } from 'vitest';
import { stopSideRejection } from './stop-sides.ts';

const at = (reference: number) => ({ stopLoss: reference, takeProfit: reference });
const stops = (stopLossPoints: number, takeProfitPoints: number) => ({ stopLossPoints, takeProfitPoints });

describe('stop loss and take profit sides', () => {
  it.each([
    // side, stop loss, take profit, reference, answer
    ['buy', 99, 101, 100, undefined],
    ['buy', 100, 0, 100, 'stop_loss_wrong_side'],
    ['buy', 101, 0, 100, 'stop_loss_wrong_side'],
    ['buy', 0, 100, 100, 'take_profit_wrong_side'],
    ['buy', 0, 99, 100, 'take_profit_wrong_side'],
    ['sell', 101, 99, 100, undefined],
    ['sell', 100, 0, 100, 'stop_loss_wrong_side'],
    ['sell', 99, 0, 100, 'stop_loss_wrong_side'],
    ['sell', 0, 100, 100, 'take_profit_wrong_side'],
    ['sell', 0, 101, 100, 'take_profit_wrong_side'],
    ['buy', 0, 0, 100, undefined],
    ['sell', 0, 0, 100, undefined],
  ] as const)('[O5][C2] %s with SL %i and TP %i against %i: %s', (side, sl, tp, reference, answer) => {
    expect(stopSideRejection(side, stops(sl, tp), at(reference))).toBe(answer);
  });

  it('[O5] names the stop loss first when both levels are on the wrong side', () => {
    expect(stopSideRejection('buy', stops(101, 99), at(100))).toBe('stop_loss_wrong_side');
    expect(stopSideRejection('sell', stops(99, 101), at(100))).toBe('stop_loss_wrong_side');
  });

  it("[O5] judges each level against its own reference (a market buy's stop loss against the bid)", () => {
    const marketBuy = { stopLoss: 108500, takeProfit: 108512 };
    expect(stopSideRejection('buy', stops(108505, 0), marketBuy)).toBe('stop_loss_wrong_side');
    expect(stopSideRejection('buy', stops(108499, 108513), marketBuy)).toBeUndefined();
    expect(stopSideRejection('buy', stops(0, 108505), marketBuy)).toBe('take_profit_wrong_side');
  });
});
