import { describe, expect, it } from 'vitest';
import { depositCredit, parseUsdPrice, usdPriceText } from './deposit.ts';
import { divRound, formatMicros, parseMicros } from './money.ts';

const micros = (text: string) => parseMicros(text)!;

describe('deposit conversion', () => {
  it.each([
    // sent (in the channel currency), usd_price (units per 1 USD), credited USD
    ['100', '1', '100.000000'],
    ['10.123456', '1', '10.123456'],
    ['100', '0.86', '116.279069'],
    ['86', '0.86', '100.000000'],
    ['95', '0.86', '110.465116'],
    ['1', '3', '0.333333'],
    ['2', '3', '0.666666'],
    ['0.000001', '0.86', '0.000001'],
    ['0.000001', '2', '0.000000'],
    ['1000000000', '0.5', '2000000000.000000'],
    ['0.5', '0.0000152', '32894.736842'],
    ['7.77', '7.77', '1.000000'],
  ])('[W5] %s at %s units per USD credits %s USD', (sent, rate, credited) => {
    expect(formatMicros(depositCredit(micros(sent), rate)!)).toBe(credited);
  });

  it('[W5] rounds down where the ledger elsewhere rounds half away: 0.6666666 credits 0.666666', () => {
    // 2 ÷ 3 = 0.6666666…: half away from zero would give 0.666667, a micro-dollar that never arrived.
    expect(depositCredit(micros('2'), '3')).toBe(666_666n);
    expect(divRound(micros('2') * 1_000_000n, 3_000_000n)).toBe(666_667n);
  });

  it.each(['0', '-1', 'abc', '', '1e3', '0.0000000000001', '1000000001'])(
    '[W5] refuses %j as a rate',
    (rate) => {
      expect(parseUsdPrice(rate)).toBeNull();
      expect(depositCredit(micros('100'), rate)).toBeNull();
    },
  );

  it.each([
    ['0.860', '0.86'],
    ['1.000000000000', '1'],
    ['0.0000152', '0.0000152'],
    ['1000000000', '1000000000'],
  ])('[W5] writes the rate %s as %s', (typed, text) => {
    expect(usdPriceText(parseUsdPrice(typed)!)).toBe(text);
  });
});
