/**
 * Order entry (SPEC.md "Order entry"): decides whether an order may be placed and what it
 * costs, or names the first rule it breaks. Rejections are checked in the precedence of
 * `ORDER_REJECTIONS`, so the same bad order always gets the same, most fundamental reason.
 */
import { feeMicros, marginMicros, type Ratio } from './margin.ts';
import { LOT_SCALE, parseLots, parseRate, priceFraction } from './money.ts';
import type { InstrumentSpec } from './instrument.ts';
import { isQuoteStale } from './quote-freshness.ts';
import { isMarketOpen } from './schedule.ts';
import { stopSideRejection } from './stop-sides.ts';
import { trailingRejection } from './trailing-stop.ts';

export const ORDER_REJECTIONS = [
  'trading_halted',
  'market_closed',
  'leverage_not_configured',
  'leverage_not_offered',
  'lots_below_minimum',
  'lots_off_step',
  'lots_above_maximum',
  'target_price_required',
  'target_at_market',
  'stale_quote',
  'stop_loss_wrong_side',
  'take_profit_wrong_side',
  'trailing_stop_not_positive',
  'trailing_stop_too_far',
  'insufficient_free_margin',
] as const;
export type OrderRejection = (typeof ORDER_REJECTIONS)[number];

export type OrderKind = 'market' | 'buy_limit' | 'buy_stop' | 'sell_limit' | 'sell_stop';

export interface OrderCommand {
  side: 'buy' | 'sell';
  /** true: market (status 1); false: pending at `targetPoints` (status 0). */
  market: boolean;
  /** Lots in 10^-8 units. */
  lots: bigint;
  leverage: number;
  /** Pending orders only: the target price in points. */
  targetPoints?: number;
  /** 0 or absent: none. */
  stopLossPoints?: number;
  takeProfitPoints?: number;
  /**
   * Market orders: the price the trader saw when they tapped (F2). Recorded, never judged: the
   * order fills at the quote of the moment whatever it says. 0 or absent: the fill price.
   */
  askedPoints?: number;
  /** Trailing-stop distance in points; 0 or absent: none. */
  trailingPoints?: number;
}

export interface QuoteSnapshot {
  bid: number;
  ask: number;
  timeMs: number;
}

export interface EntryContext {
  instrument: InstrumentSpec;
  quote: QuoteSnapshot;
  nowMs: number;
  staleQuoteMs: number;
  feeType: number;
  /** USD per unit of the instrument's quote currency, exact. */
  quoteToUsd: Ratio;
  /** Equity − used margin, micro-dollars. */
  freeMarginMicros: bigint;
}

export type EntryDecision =
  | { ok: true; kind: OrderKind; openPoints: number; marginMicros: bigint; feeMicros: bigint }
  | { ok: false; rejection: OrderRejection };

const reject = (rejection: OrderRejection): EntryDecision => ({ ok: false, rejection });

/** [O0]–[O8] */
export function decideOrderEntry(command: OrderCommand, context: EntryContext): EntryDecision {
  const { instrument, quote } = context;
  if (instrument.tradingHalted) return reject('trading_halted');
  if (!isMarketOpen(instrument.schedule, context.nowMs)) return reject('market_closed');
  if (instrument.leverageOptions.length === 0) return reject('leverage_not_configured');
  if (!instrument.leverageOptions.includes(command.leverage)) return reject('leverage_not_offered');

  const step = parseLots(instrument.lotStep) ?? LOT_SCALE;
  const min = parseLots(instrument.minLots) ?? step;
  const max = parseLots(instrument.maxLots) ?? min;
  if (command.lots < min) return reject('lots_below_minimum');
  if (step > 0n && command.lots % step !== 0n) return reject('lots_off_step');
  if (command.lots > max) return reject('lots_above_maximum');

  let kind: OrderKind = 'market';
  let openPoints: number;
  if (command.market) {
    openPoints = command.side === 'buy' ? quote.ask : quote.bid;
  } else {
    const target = command.targetPoints ?? 0;
    if (!(target > 0)) return reject('target_price_required');
    // At exactly the market price the order would be crossed already: that is a market order.
    if (target === (command.side === 'buy' ? quote.ask : quote.bid)) return reject('target_at_market');
    openPoints = target;
    kind =
      command.side === 'buy'
        ? target < quote.ask
          ? 'buy_limit'
          : 'buy_stop'
        : target > quote.bid
          ? 'sell_limit'
          : 'sell_stop';
  }
  if (command.market && isQuoteStale(quote, context.nowMs, context.staleQuoteMs))
    return reject('stale_quote');

  // A market order's stop loss is also checked against the price it would close at now (the bid
  // for a buy): a stop inside the spread would close it on the next tick.
  const stopLossReference = command.market ? (command.side === 'buy' ? quote.bid : quote.ask) : openPoints;
  const wrongSide = stopSideRejection(
    command.side,
    { stopLossPoints: command.stopLossPoints ?? 0, takeProfitPoints: command.takeProfitPoints ?? 0 },
    { stopLoss: stopLossReference, takeProfit: openPoints },
  );
  if (wrongSide) return reject(wrongSide);
  const trailing = trailingRejection(command.trailingPoints ?? 0, openPoints);
  if (trailing) return reject(trailing);

  const position = { lots: command.lots, contractSize: BigInt(instrument.contractSize) };
  const price = priceFraction(openPoints, instrument.pricePrecision);
  const margin = marginMicros(position, instrument.marginMode, command.leverage, price, context.quoteToUsd);
  const fee = feeMicros(context.feeType, command.lots, margin, parseRate(instrument.feeRate) ?? 0n);
  // Pending orders hold no margin until they fill; the fill checks free margin again [O6][F1].
  if (command.market && margin + fee > context.freeMarginMicros) return reject('insufficient_free_margin');
  return { ok: true, kind, openPoints, marginMicros: margin, feeMicros: fee };
}
