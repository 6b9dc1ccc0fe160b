import { describe, expect, it } from 'vitest';
import {
  abbreviatedKlineQuerySchema,
  instrumentSchema,
  klinePointSchema,
  klineQuerySchema,
  tickIngestBodySchema,
  tradeListQuerySchema,
} from './market.ts';

/** One instrument of `trade_list` as the server sends it. */
const eurusd = {
  Id: 1,
  Code: 'EURUSD',
  ShowCode: 'EUR/USD',
  Name: 'Euro vs US Dollar',
  TradingHalted: false,
  Logo: '/logos/eurusd.svg',
  CategoryId: 1,
  MarketStatus: 1,
  PricePrecision: 5,
  Pip: 0.01,
  ForexMinCont: 0.01,
  ForexMaxCont: 50,
  ForexContNum: 100000,
  MarginMode: 2,
  ForexFeeRate: 0.0005,
  HasForexMultiple: [{ Value: 100 }, { Value: 50 }],
  Spread: 12,
  BaseCurrency: 'EUR',
  QuoteCurrency: 'USD',
  TradingSessions: [{ From: 1320, To: 8520 }],
  NextOpenTime: null,
  ForexQuotations: {
    Id: 1,
    ForexId: 1,
    Open: 1.0842,
    High: 1.0861,
    Low: 1.0835,
    Close: 1.08523,
    Bid: 1.08523,
    Ask: 1.08535,
    Change: 0.1,
    Volume: 5123,
    Amount: 0,
    NowTime: 1763467200,
  },
};

describe('market schemas', () => {
  it('accept an instrument with its quotation as the wire carries it', () => {
    expect(instrumentSchema.parse(eurusd)).toEqual(eurusd);
  });

  it('refuse an instrument without its quotation or with a fractional precision', () => {
    const { ForexQuotations: _quote, ...bare } = eurusd;
    expect(instrumentSchema.safeParse(bare).success).toBe(false);
    expect(instrumentSchema.safeParse({ ...eurusd, PricePrecision: 4.5 }).success).toBe(false);
  });

  it('accept a kline bar in Unix seconds with a whole tick count', () => {
    const bar = { Time: 1763467200, Open: 1.0852, High: 1.0855, Low: 1.0851, Close: 1.0853, Volume: 42 };
    expect(klinePointSchema.parse(bar)).toEqual(bar);
    expect(klinePointSchema.safeParse({ ...bar, Volume: 4.2 }).success).toBe(false);
  });

  it('read the kline query from text, with 300 bars by default', () => {
    expect(klineQuerySchema.parse({ forex_id: '3', period: '1H' })).toEqual({
      forex_id: 3,
      period: '1H',
      limit: 300,
    });
    expect(abbreviatedKlineQuerySchema.parse({ forex_id: '3' })).toEqual({ forex_id: 3, period: '1M' });
  });

  it('refuse an unknown period, naming the ones there are', () => {
    const result = klineQuerySchema.safeParse({ forex_id: '3', period: '2H' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      'period must be one of 1M, 5M, 15M, 30M, 1H, 4H, 1D, 1W, 1MN (or minutes: 1, 5, 15, 30, 60, 240, 1440, 10080, 43200)',
    );
    expect(klineQuerySchema.safeParse({ forex_id: '3', period: '2' }).success).toBe(false);
  });

  it('read a period given in minutes, as spec section 9 lists them', () => {
    const periods = ['1', '5', '15', '30', '60', '240', '1440', '10080', '43200'].map(
      (minutes) => klineQuerySchema.parse({ forex_id: '3', period: minutes }).period,
    );
    expect(periods).toEqual(['1M', '5M', '15M', '30M', '1H', '4H', '1D', '1W', '1MN']);
  });

  it('refuse a kline query with an id that is not a positive whole number or a limit above 1000', () => {
    for (const forex_id of ['0', '-1', '1.5', 'abc'])
      expect(klineQuerySchema.safeParse({ forex_id, period: '1M' }).success).toBe(false);
    expect(klineQuerySchema.safeParse({ forex_id: '1', period: '1M', limit: '1001' }).success).toBe(false);
  });

  it('take the trade list filters as optional text', () => {
    expect(tradeListQuerySchema.parse({})).toEqual({});
    expect(tradeListQuerySchema.parse({ searchCurrency: ' eur ', category_id: '2' })).toEqual({
      searchCurrency: 'eur',
      category_id: 2,
    });
  });

  it('refuse an empty tick batch and one over 5000 ticks', () => {
    expect(tickIngestBodySchema.safeParse({ ticks: [] }).success).toBe(false);
    const tick = { code: 'EURUSD', bid: '1.08512' };
    expect(tickIngestBodySchema.safeParse({ ticks: Array(5000).fill(tick) }).success).toBe(true);
    expect(tickIngestBodySchema.safeParse({ ticks: Array(5001).fill(tick) }).success).toBe(false);
  });
});
