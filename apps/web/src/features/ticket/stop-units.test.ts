import { describe, expect, it } from 'vitest';
import { formatMicros, parseLots } from '@omp/engine';
import {
  stopPointsOf,
  stopPriceText,
  stopViewsOf,
  pipsToPoints,
  sanitizeDecimalText,
  type StopBasis,
} from './stop-units.ts';

const ONE = { numerator: 1n, denominator: 1n };
const eurusdBuy: StopBasis = {
  side: 'buy',
  openPoints: 110_012,
  lots: parseLots('1')!,
  contractSize: 100_000,
  precision: 5,
  usdRate: ONE,
};
const eurusdSell: StopBasis = { ...eurusdBuy, side: 'sell', openPoints: 110_000 };
// USD/JPY quoted in yen: 1 / 150.005 USD per yen, the mid of 150.000 / 150.010.
const usdjpyBuy: StopBasis = {
  side: 'buy',
  openPoints: 150_010,
  lots: parseLots('0.5')!,
  contractSize: 100_000,
  precision: 3,
  usdRate: { numerator: 1000n, denominator: 150_005n },
};
const usd = (micros: bigint | undefined) => (micros === undefined ? undefined : formatMicros(micros));

describe('stops in pips', () => {
  it('[P7] a pip is ten points of a five-digit quote, tenths allowed', () => {
    expect(pipsToPoints('20', 5)).toBe(200);
    expect(pipsToPoints('12.5', 5)).toBe(125);
    expect(pipsToPoints('7', 2)).toBe(7);
    expect(pipsToPoints('0', 5)).toBeNull();
  });

  it('a buy’s stop loss lies below the open and its take profit above; a sell’s the reverse', () => {
    expect(stopPointsOf('pips', '20', 'stopLoss', eurusdBuy)).toBe(109_812);
    expect(stopPointsOf('pips', '20', 'takeProfit', eurusdBuy)).toBe(110_212);
    expect(stopPointsOf('pips', '20', 'stopLoss', eurusdSell)).toBe(110_200);
    expect(stopPointsOf('pips', '20', 'takeProfit', eurusdSell)).toBe(109_800);
    expect(stopPriceText('pips', '20', 'stopLoss', eurusdBuy)).toBe('1.09812');
  });

  it('round-trips: the price’s pips give the price back', () => {
    for (const basis of [eurusdBuy, eurusdSell, usdjpyBuy])
      for (const kind of ['stopLoss', 'takeProfit'] as const) {
        const points = stopPointsOf('pips', '33.7', kind, basis)!;
        const views = stopViewsOf(points, kind, basis);
        expect(stopPointsOf('pips', views.pipsText!, kind, basis)).toBe(points);
        expect(stopPointsOf('price', views.priceText, kind, basis)).toBe(points);
      }
  });

  it('a distance past a zero price is no stop; an empty field is none', () => {
    expect(stopPointsOf('pips', '20000', 'stopLoss', eurusdBuy)).toBeNull();
    expect(stopPointsOf('pips', '', 'stopLoss', eurusdBuy)).toBe(0);
    expect(stopPriceText('money', ' ', 'stopLoss', eurusdBuy)).toBe('');
  });
});

describe('stops in money', () => {
  it('[M4] a USD-quoted buy: $150 of loss is 15 pips below the open, exactly', () => {
    const points = stopPointsOf('money', '150', 'stopLoss', eurusdBuy)!;
    expect(points).toBe(109_862);
    expect(usd(stopViewsOf(points, 'stopLoss', eurusdBuy).profitMicros)).toBe('-150.000000');
    expect(stopViewsOf(points, 'stopLoss', eurusdBuy).pipsText).toBe('15.0');
  });

  it('a sell’s take profit in money lies below its open', () => {
    const points = stopPointsOf('money', '75.50', 'takeProfit', eurusdSell)!;
    // $75.50 at $1 per point of 1 lot: 75.5 points, the nearest whole point away is 76.
    expect(points).toBe(110_000 - 76);
    expect(usd(stopViewsOf(points, 'takeProfit', eurusdSell).profitMicros)).toBe('76.000000');
  });

  it('a yen-quoted pair converts at the ticket’s USD rate', () => {
    // 0.5 lot × 100,000 × 0.001 JPY per point = 50 JPY = 0.333322 USD per point.
    const points = stopPointsOf('money', '100', 'stopLoss', usdjpyBuy)!;
    expect(points).toBe(150_010 - 300);
    expect(usd(stopViewsOf(points, 'stopLoss', usdjpyBuy).profitMicros)).toBe('-99.996667');
  });

  it('round-trips: the money at a price gives that price back, for longs and shorts, in any currency', () => {
    for (const basis of [eurusdBuy, eurusdSell, usdjpyBuy])
      for (const kind of ['stopLoss', 'takeProfit'] as const)
        for (const distance of [1, 37, 250]) {
          const points =
            basis.openPoints + ((kind === 'stopLoss') === (basis.side === 'buy') ? -distance : distance);
          const profit = stopViewsOf(points, kind, basis).profitMicros!;
          const magnitude = formatMicros(profit < 0n ? -profit : profit);
          expect(stopPointsOf('money', magnitude, kind, basis)).toBe(points);
        }
  });

  it('waits for a rate or an opening price rather than guessing', () => {
    expect(stopPointsOf('money', '50', 'stopLoss', { ...usdjpyBuy, usdRate: undefined })).toBeUndefined();
    expect(stopPointsOf('pips', '5', 'stopLoss', { ...eurusdBuy, openPoints: 0 })).toBeUndefined();
    expect(stopPriceText('money', '50', 'stopLoss', { ...usdjpyBuy, usdRate: undefined })).toBeUndefined();
  });

  it('an amount worth less than half a point is no stop', () => {
    expect(stopPointsOf('money', '0.4', 'stopLoss', eurusdBuy)).toBeNull();
  });
});

describe('typing', () => {
  it('keeps pips to tenths and money to cents, a comma read as the decimal point', () => {
    expect(sanitizeDecimalText('12,55', 1, 'en')).toBe('12.5');
    expect(sanitizeDecimalText('-3a', 0, 'en')).toBe('3');
    expect(sanitizeDecimalText('12.5', 0, 'en')).toBe('12');
    expect(sanitizeDecimalText('1.234', 2, 'en')).toBe('1.23');
  });
});
