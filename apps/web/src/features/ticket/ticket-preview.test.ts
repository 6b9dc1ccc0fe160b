import { describe, expect, it } from 'vitest';
import { parseLots } from '@omp/engine';
import type { Instrument } from '@omp/protocol';
import {
  pendingKindOf,
  previewTicket,
  pricePoints,
  sanitizePriceText,
  usdRateOf,
  type TicketInput,
} from './ticket-preview.ts';

function anInstrument(overrides: Partial<Instrument> = {}): Instrument {
  return {
    Id: 1,
    Code: 'EURUSD',
    ShowCode: 'EUR/USD',
    Name: '',
    TradingHalted: false,
    Logo: '',
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
    TradingSessions: [],
    NextOpenTime: null,
    ForexQuotations: {
      Id: 1,
      ForexId: 1,
      Open: 1.165,
      High: 1.166,
      Low: 1.164,
      Close: 1.16491,
      Bid: 1.16491,
      Ask: 1.16503,
      Change: 0,
      Volume: 0,
      Amount: 0,
      NowTime: 0,
    },
    ...overrides,
  };
}

const ONE = { numerator: 1n, denominator: 1n };

function input(overrides: Partial<TicketInput> = {}): TicketInput {
  return {
    instrument: anInstrument(),
    bid: 1.16491,
    ask: 1.16503,
    side: 'buy',
    market: true,
    targetText: '',
    lots: parseLots('0.10')!,
    leverage: 100,
    stopLossText: '',
    takeProfitText: '',
    feeType: 2,
    usdRate: ONE,
    freeMargin: 100000,
    ...overrides,
  };
}

describe('ticket figures', () => {
  it('prices a market buy at the ask: margin = lots × units × ask / leverage, fee = margin × rate', () => {
    const preview = previewTicket(input());
    // 0.1 × 100000 × 1.16503 / 100 = 116.503; fee 116.503 × 0.0005 = 0.0582515 → 0.058252
    expect(preview.openPrice).toBe(1.16503);
    expect(preview.marginMicros).toBe(116_503_000n);
    expect(preview.feeMicros).toBe(58_252n);
    expect(preview.requiredMicros).toBe(116_561_252n);
    expect(preview.problem).toBeUndefined();
  });

  it('prices a market sell at the bid, and a per-lot fee with trade_fee_type 1', () => {
    const preview = previewTicket(input({ side: 'sell', feeType: 1 }));
    expect(preview.openPrice).toBe(1.16491);
    expect(preview.marginMicros).toBe(116_491_000n);
    // 0.1 lot × 0.0005 USD per lot
    expect(preview.feeMicros).toBe(50n);
  });

  it('prices a pending order at its target and needs one', () => {
    const pending = previewTicket(input({ market: false, targetText: '1.1' }));
    expect(pending.openPrice).toBe(1.1);
    expect(pending.pendingKind).toBe('buy_limit');
    expect(pending.marginMicros).toBe(110_000_000n);
    expect(pending.problem).toBeUndefined();

    const missing = previewTicket(input({ market: false, targetText: '' }));
    expect(missing.marginMicros).toBeUndefined();
    expect(missing.problem).toEqual({ field: 'target', rejection: 'target_price_required' });
  });

  it('uses fixed margin per lot whatever the price and leverage (MarginMode 1)', () => {
    const preview = previewTicket(input({ instrument: anInstrument({ MarginMode: 1, ForexContNum: 50 }) }));
    expect(preview.marginMicros).toBe(5_000_000n);
  });

  it('converts a non-USD quote currency with the given rate', () => {
    const jpy = anInstrument({
      Code: 'USDJPY',
      BaseCurrency: 'USD',
      QuoteCurrency: 'JPY',
      PricePrecision: 3,
    });
    const preview = previewTicket(
      input({ instrument: jpy, bid: 150, ask: 150.02, usdRate: { numerator: 1n, denominator: 150n } }),
    );
    // 0.1 × 100000 × 150.02 JPY / 150 / 100 = 100.013333 USD
    expect(preview.marginMicros).toBe(100_013_333n);
  });

  it('shows no figures until a quote converts the currency, and invents no refusal', () => {
    const preview = previewTicket(input({ usdRate: undefined, freeMargin: 0 }));
    expect(preview.marginMicros).toBeUndefined();
    expect(preview.problem).toBeUndefined();
  });
});

describe('ticket problems, with the field they belong to', () => {
  it('names a missing leverage', () => {
    const preview = previewTicket(
      input({ instrument: anInstrument({ HasForexMultiple: [] }), leverage: undefined }),
    );
    expect(preview.problem).toEqual({ field: 'leverage', rejection: 'leverage_not_configured' });
  });

  it('checks stop loss and take profit sides against the price', () => {
    expect(previewTicket(input({ stopLossText: '1.2' })).problem).toEqual({
      field: 'stopLoss',
      rejection: 'stop_loss_wrong_side',
    });
    expect(previewTicket(input({ takeProfitText: '1.1' })).problem).toEqual({
      field: 'takeProfit',
      rejection: 'take_profit_wrong_side',
    });
    expect(previewTicket(input({ side: 'sell', stopLossText: '1.2', takeProfitText: '1.1' })).problem).toBe(
      undefined,
    );
    // 0 means none.
    expect(previewTicket(input({ stopLossText: '0', takeProfitText: '0.000' })).problem).toBeUndefined();
  });

  it("shows every problem at once, each under its field, in the engine's order", () => {
    // A wrong stop loss and a wrong take profit: both, not only the first.
    const both = previewTicket(input({ stopLossText: '1.2', takeProfitText: '1.1' }));
    expect(both.problems).toEqual([
      { field: 'stopLoss', rejection: 'stop_loss_wrong_side' },
      { field: 'takeProfit', rejection: 'take_profit_wrong_side' },
    ]);
    expect(both.problem).toEqual(both.problems[0]);
    // Lots off the grid, a wrong stop and too little money all at once.
    const three = previewTicket(input({ lots: parseLots('60')!, stopLossText: '1.2', freeMargin: 1 }));
    expect(three.problems.map((p) => p.rejection)).toEqual([
      'lots_above_maximum',
      'stop_loss_wrong_side',
      'insufficient_free_margin',
    ]);
    // An unreadable stop and a wrong take profit.
    expect(
      previewTicket(input({ stopLossText: '99999999999999999', takeProfitText: '1.1' })).problems,
    ).toEqual([
      { field: 'stopLoss', rejection: 'price_invalid' },
      { field: 'takeProfit', rejection: 'take_profit_wrong_side' },
    ]);
    expect(previewTicket(input()).problems).toEqual([]);
  });

  it('names a price that is no price', () => {
    expect(previewTicket(input({ stopLossText: '99999999999999999' })).problem).toEqual({
      field: 'stopLoss',
      rejection: 'price_invalid',
    });
  });

  it('says when free margin does not cover margin and fee', () => {
    expect(previewTicket(input({ freeMargin: 116.56 })).problem).toEqual({
      field: 'funds',
      rejection: 'insufficient_free_margin',
    });
    expect(previewTicket(input({ freeMargin: 116.561252 })).problem).toBeUndefined();
  });
});

describe('price text', () => {
  it('keeps digits, one point and the instrument’s decimals', () => {
    expect(sanitizePriceText('1,085239', 5, 'en')).toBe('1.08523');
    expect(sanitizePriceText('1.2.3', 5, 'en')).toBe('1.23');
    expect(sanitizePriceText('-12a', 2, 'en')).toBe('12');
    expect(sanitizePriceText('12.5', 0, 'en')).toBe('12');
    // A pasted price with its thousands grouped, as each language groups them.
    expect(sanitizePriceText('2,345.50', 2, 'en')).toBe('2345.50');
    expect(sanitizePriceText('2.345,50', 2, 'de')).toBe('2345.50');
    expect(sanitizePriceText('2 345,5', 2, 'fr')).toBe('2345.5');
    expect(sanitizePriceText('1,08523', 5, 'de')).toBe('1.08523');
  });

  it('reads empty and zero as none', () => {
    expect(pricePoints('', 5)).toBe(0);
    expect(pricePoints('0.00', 5)).toBe(0);
    expect(pricePoints('1.08523', 5)).toBe(108523);
    expect(pricePoints('.', 5)).toBe(0);
  });
});

describe('USD rates', () => {
  const eurusd = anInstrument();
  const usdjpy = anInstrument({
    Id: 2,
    Code: 'USDJPY',
    BaseCurrency: 'USD',
    QuoteCurrency: 'JPY',
    PricePrecision: 3,
  });
  const quotes = new Map([
    [1, { Bid: 1.1, Ask: 1.2 }],
    [2, { Bid: 150, Ask: 150.2 }],
  ]);
  const quoteOf = (i: Instrument) => quotes.get(i.Id);

  it('is 1 for USD and the mid of the currency’s USD pair otherwise', () => {
    expect(usdRateOf('USD', [], quoteOf)).toEqual(ONE);
    const eur = usdRateOf('EUR', [eurusd, usdjpy], quoteOf)!;
    expect(Number(eur.numerator) / Number(eur.denominator)).toBeCloseTo(1.15, 10);
    const jpy = usdRateOf('JPY', [eurusd, usdjpy], quoteOf)!;
    expect(Number(jpy.numerator) / Number(jpy.denominator)).toBeCloseTo(1 / 150.1, 12);
  });

  it('is unknown without a pair or its quote', () => {
    expect(usdRateOf('CHF', [eurusd, usdjpy], quoteOf)).toBeUndefined();
    expect(usdRateOf('EUR', [eurusd], () => undefined)).toBeUndefined();
  });
});

describe('pending kinds', () => {
  it('names limit and stop orders by where the target lies', () => {
    // bid 100, ask 102 (points)
    expect(pendingKindOf('buy', 99, 100, 102)).toBe('buy_limit');
    expect(pendingKindOf('buy', 105, 100, 102)).toBe('buy_stop');
    expect(pendingKindOf('sell', 105, 100, 102)).toBe('sell_limit');
    expect(pendingKindOf('sell', 99, 100, 102)).toBe('sell_stop');
    expect(pendingKindOf('buy', 102, 100, 102)).toBeUndefined();
    expect(pendingKindOf('sell', 0, 100, 102)).toBeUndefined();
  });
});
