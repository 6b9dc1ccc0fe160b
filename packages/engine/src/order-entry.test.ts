import { describe, expect, it } from 'vitest';
import type { InstrumentSpec } from './instrument.ts';
import { ONE } from './margin.ts';
import { parseLots } from './money.ts';
import { decideOrderEntry, ORDER_REJECTIONS, type EntryContext, type OrderCommand } from './order-entry.ts';
import { FOREX_WEEK } from './schedule.ts';

const WEDNESDAY_NOON = Date.UTC(2026, 10, 18, 12);
const SATURDAY_NOON = Date.UTC(2026, 10, 21, 12);

const eurusd: InstrumentSpec = {
  id: 1,
  code: 'EURUSD',
  showCode: 'EUR/USD',
  logo: 'eurusd.svg',
  categoryId: 1,
  baseCurrency: 'EUR',
  quoteCurrency: 'USD',
  pricePrecision: 5,
  lotStep: '0.01',
  minLots: '0.01',
  maxLots: '50',
  contractSize: 100_000,
  marginMode: 2,
  feeRate: '0.0005',
  leverageOptions: [100, 50, 200],
  spreadPoints: 12,
  schedule: FOREX_WEEK,
  sort: 1,
};

const context = (overrides: Partial<EntryContext> = {}): EntryContext => ({
  instrument: eurusd,
  quote: { bid: 108500, ask: 108512, timeMs: WEDNESDAY_NOON - 1000 },
  nowMs: WEDNESDAY_NOON,
  staleQuoteMs: 30_000,
  feeType: 2,
  quoteToUsd: ONE,
  freeMarginMicros: 10_000_000_000n,
  ...overrides,
});
const buy = (overrides: Partial<OrderCommand> = {}): OrderCommand => ({
  side: 'buy',
  market: true,
  lots: parseLots('1')!,
  leverage: 100,
  ...overrides,
});

describe('order entry', () => {
  it('[O1] accepts a market buy at the ask with its margin and fee', () => {
    expect(decideOrderEntry(buy(), context())).toEqual({
      ok: true,
      kind: 'market',
      openPoints: 108512,
      marginMicros: 1_085_120_000n,
      feeMicros: 542_560n,
    });
  });

  it('[O2] classifies pending orders against the current quote', () => {
    const pending = (side: 'buy' | 'sell', targetPoints: number) =>
      decideOrderEntry(buy({ side, market: false, targetPoints }), context());
    expect(pending('buy', 108000)).toMatchObject({ ok: true, kind: 'buy_limit', openPoints: 108000 });
    expect(pending('buy', 109000)).toMatchObject({ ok: true, kind: 'buy_stop' });
    expect(pending('sell', 109000)).toMatchObject({ ok: true, kind: 'sell_limit' });
    expect(pending('sell', 108000)).toMatchObject({ ok: true, kind: 'sell_stop' });
  });

  it.each([
    ['trading_halted', buy(), context({ instrument: { ...eurusd, tradingHalted: true } })],
    [
      'market_closed',
      buy(),
      context({ nowMs: SATURDAY_NOON, quote: { bid: 108500, ask: 108512, timeMs: SATURDAY_NOON } }),
    ],
    ['leverage_not_configured', buy(), context({ instrument: { ...eurusd, leverageOptions: [] } })],
    ['leverage_not_offered', buy({ leverage: 30 }), context()],
    ['lots_below_minimum', buy({ lots: parseLots('0.001')! }), context()],
    ['lots_off_step', buy({ lots: parseLots('0.015')! }), context()],
    ['lots_above_maximum', buy({ lots: parseLots('50.01')! }), context()],
    ['target_price_required', buy({ market: false }), context()],
    ['target_at_market', buy({ market: false, targetPoints: 108512 }), context()],
    ['stale_quote', buy(), context({ quote: { bid: 108500, ask: 108512, timeMs: WEDNESDAY_NOON - 31_000 } })],
    ['stop_loss_wrong_side', buy({ stopLossPoints: 108600 }), context()],
    ['take_profit_wrong_side', buy({ takeProfitPoints: 108400 }), context()],
    ['insufficient_free_margin', buy(), context({ freeMarginMicros: 1_085_000_000n })],
  ] as const)('[O3] rejects with %s', (rejection, command, ctx) => {
    expect(decideOrderEntry(command, ctx)).toEqual({ ok: false, rejection });
  });

  it('[O4] names the most fundamental reason when several rules break', () => {
    const everythingWrong = buy({ leverage: 30, lots: parseLots('0.001')!, stopLossPoints: 999999 });
    expect(decideOrderEntry(everythingWrong, context({ nowMs: SATURDAY_NOON }))).toEqual({
      ok: false,
      rejection: 'market_closed',
    });
    expect(decideOrderEntry(everythingWrong, context())).toEqual({
      ok: false,
      rejection: 'leverage_not_offered',
    });
    expect(
      decideOrderEntry(
        everythingWrong,
        context({ nowMs: SATURDAY_NOON, instrument: { ...eurusd, tradingHalted: true } }),
      ),
    ).toEqual({ ok: false, rejection: 'trading_halted' });
    expect(ORDER_REJECTIONS.indexOf('trading_halted')).toBe(0);
  });

  it('[O5] checks sell stops on the other side: SL above, TP below the bid', () => {
    const sell = (sl: number, tp: number) =>
      decideOrderEntry(buy({ side: 'sell', stopLossPoints: sl, takeProfitPoints: tp }), context());
    expect(sell(108600, 108400)).toMatchObject({ ok: true, openPoints: 108500 });
    expect(sell(108400, 0)).toEqual({ ok: false, rejection: 'stop_loss_wrong_side' });
    expect(sell(0, 108600)).toEqual({ ok: false, rejection: 'take_profit_wrong_side' });
  });

  it("[O5] checks a market order's stop loss against the price it would close at, not inside the spread", () => {
    expect(decideOrderEntry(buy({ stopLossPoints: 108505 }), context())).toEqual({
      ok: false,
      rejection: 'stop_loss_wrong_side',
    });
    expect(decideOrderEntry(buy({ stopLossPoints: 108499 }), context())).toMatchObject({ ok: true });
  });

  it('[O6] lets a pending order through without free margin (it holds none until it fills)', () => {
    expect(
      decideOrderEntry(buy({ market: false, targetPoints: 108000 }), context({ freeMarginMicros: 0n })),
    ).toMatchObject({ ok: true });
  });

  it('[O7] accepts exactly margin + fee = free margin', () => {
    expect(decideOrderEntry(buy(), context({ freeMarginMicros: 1_085_120_000n + 542_560n }))).toMatchObject({
      ok: true,
    });
  });

  it('[O8] refuses a market order on a quote older than the stale limit, never a pending one', () => {
    const quoted = (ageMs: number) =>
      context({ quote: { bid: 108500, ask: 108512, timeMs: WEDNESDAY_NOON - ageMs } });
    expect(decideOrderEntry(buy(), quoted(30_000))).toMatchObject({ ok: true });
    expect(decideOrderEntry(buy(), quoted(30_001))).toEqual({ ok: false, rejection: 'stale_quote' });
    expect(decideOrderEntry(buy({ market: false, targetPoints: 108000 }), quoted(3_600_000))).toMatchObject({
      ok: true,
      kind: 'buy_limit',
    });
  });
});
