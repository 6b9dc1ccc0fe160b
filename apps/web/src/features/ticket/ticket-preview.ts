/**
 * What the order ticket shows before anything is sent: the margin, the fee and the funds the
 * order needs (margin + fee), computed by the same engine code the server decides with, from the
 * live quote, plus the first rule the order would break, so the form can point at the field.
 *
 * The server stays the judge. The preview leaves out what only the server can know exactly: the
 * market hours (the screen follows MarketStatus instead of the phone's clock) and the quote's age.
 */
import {
  decideOrderEntry,
  feeMicros,
  marginMicros,
  parseLots,
  parsePriceToPoints,
  parseRate,
  pointsToNumber,
  priceFraction,
  rateFromMid,
  MINUTES_PER_WEEK,
  type InstrumentSpec,
  type OrderCommand,
  type OrderKind,
  type OrderRejection,
  type Ratio,
} from '@omp/engine';
import type { Instrument, Language } from '@omp/protocol';
import { decimalWithin } from '../../lib/decimal-text.ts';
import { trailingPointsOfText } from '../orders/trailing-rules.ts';

export type Side = 'buy' | 'sell';

/** The form field a rejection belongs to, so its message shows under that field. */
export type TicketField = 'leverage' | 'lots' | 'target' | 'stopLoss' | 'takeProfit' | 'trailing' | 'funds';

export interface TicketInput {
  instrument: Instrument;
  bid: number;
  ask: number;
  side: Side;
  market: boolean;
  /** Pending orders: the price typed; ignored for market orders. */
  targetText: string;
  /** 10^-8 lot, already on the lot grid (lot-rules.ts). */
  lots: bigint;
  /** The chosen leverage; undefined when the instrument offers none. */
  leverage: number | undefined;
  stopLossText: string;
  takeProfitText: string;
  /** Trailing-stop distance in pips as typed (features/orders/trailing-rules.ts); empty: none. */
  trailingText?: string;
  /** The setting trade_fee_type: 1 per lot, otherwise a share of the margin. */
  feeType: number;
  /** USD per unit of the quote currency; undefined while no quote converts it. */
  usdRate: Ratio | undefined;
  /** Free margin in USD, when known. */
  freeMargin: number | undefined;
}

export interface TicketProblem {
  field: TicketField;
  rejection: OrderRejection | 'price_invalid';
}

export interface TicketPreview {
  /** The price the order would open at: ask or bid for market orders, the target for pending. */
  openPrice: number | undefined;
  marginMicros: bigint | undefined;
  feeMicros: bigint | undefined;
  /** Margin + fee: what free margin must cover. */
  requiredMicros: bigint | undefined;
  /** Pending orders: limit or stop, from where the target lies against the market. */
  pendingKind: OrderKind | undefined;
  /** The first problem, the one a tap on the button names. */
  problem: TicketProblem | undefined;
  /** Every problem at once, one per field, in the engine's order (the first is `problem`). */
  problems: TicketProblem[];
}

const FIELD_OF: Record<OrderRejection, TicketField> = {
  trading_halted: 'funds',
  market_closed: 'funds',
  leverage_not_configured: 'leverage',
  leverage_not_offered: 'leverage',
  lots_below_minimum: 'lots',
  lots_off_step: 'lots',
  lots_above_maximum: 'lots',
  target_price_required: 'target',
  target_at_market: 'target',
  stale_quote: 'funds',
  stop_loss_wrong_side: 'stopLoss',
  take_profit_wrong_side: 'takeProfit',
  trailing_stop_not_positive: 'trailing',
  trailing_stop_too_far: 'trailing',
  insufficient_free_margin: 'funds',
};

/** Open all week: the screen decides "closed" from MarketStatus, never from the phone's clock. */
const ALWAYS_OPEN = [{ from: 0, to: MINUTES_PER_WEEK }];

/** The engine's view of a listed instrument. */
export function specOf(instrument: Instrument): InstrumentSpec {
  return {
    id: instrument.Id,
    code: instrument.Code,
    showCode: instrument.ShowCode,
    logo: instrument.Logo,
    categoryId: instrument.CategoryId,
    baseCurrency: instrument.BaseCurrency,
    quoteCurrency: instrument.QuoteCurrency,
    pricePrecision: instrument.PricePrecision,
    lotStep: instrument.Pip.toFixed(8),
    minLots: instrument.ForexMinCont.toFixed(8),
    maxLots: instrument.ForexMaxCont.toFixed(8),
    contractSize: instrument.ForexContNum,
    marginMode: instrument.MarginMode === 1 ? 1 : 2,
    feeRate: instrument.ForexFeeRate.toFixed(12),
    leverageOptions: instrument.HasForexMultiple.map((option) => option.Value),
    spreadPoints: instrument.Spread,
    schedule: ALWAYS_OPEN,
    sort: 0,
  };
}

/**
 * A price field: empty (or 0) is "none" and gives 0; anything else must be a positive price,
 * else null. The input already keeps the text to digits, one point and the instrument's decimals.
 */
export function pricePoints(text: string, precision: number): number | null {
  const trimmed = text.trim();
  if (trimmed === '' || /^0*\.?0*$/.test(trimmed)) return 0;
  return parsePriceToPoints(trimmed, precision);
}

/**
 * Keeps typed price text to what a price can be: digits and one decimal point (a comma counts as
 * one, as many keyboards offer only that), at most `precision` decimals.
 */
export function sanitizePriceText(text: string, precision: number, lang: Language): string {
  return decimalWithin(text, precision, lang);
}

/** The pair that converts `currency` into USD: XXXUSD (rate = mid) or USDXXX (rate = 1 / mid). */
export function conversionLegOf(
  currency: string,
  instruments: readonly Instrument[],
): { instrument: Instrument; inverted: boolean } | undefined {
  const direct = instruments.find(
    (i) => i.Code === `${currency}USD` && i.BaseCurrency === currency && i.QuoteCurrency === 'USD',
  );
  if (direct) return { instrument: direct, inverted: false };
  const inverted = instruments.find(
    (i) => i.Code === `USD${currency}` && i.BaseCurrency === 'USD' && i.QuoteCurrency === currency,
  );
  return inverted ? { instrument: inverted, inverted: true } : undefined;
}

/**
 * USD per unit of `currency` from its USD pair's live mid, exactly as the server's market board
 * derives it; undefined without such a pair or its quote.
 */
export function usdRateOf(
  currency: string,
  instruments: readonly Instrument[],
  quoteOf: (instrument: Instrument) => { Bid: number; Ask: number } | undefined,
): Ratio | undefined {
  if (currency === 'USD') return { numerator: 1n, denominator: 1n };
  const leg = conversionLegOf(currency, instruments);
  const quote = leg && quoteOf(leg.instrument);
  if (!leg || !quote) return undefined;
  const precision = leg.instrument.PricePrecision;
  const bid = parsePriceToPoints(quote.Bid, precision);
  const ask = parsePriceToPoints(quote.Ask, precision);
  if (bid === null || ask === null) return undefined;
  return rateFromMid(
    { instrumentId: leg.instrument.Id, inverted: leg.inverted, precision },
    BigInt(bid) + BigInt(ask),
  );
}

/**
 * What a pending order at `target` is (packages/engine/SPEC.md O2): a buy below the ask is a buy
 * limit, above it a buy stop; a sell above the bid is a sell limit, below it a sell stop.
 */
export function pendingKindOf(side: Side, target: number, bid: number, ask: number): OrderKind | undefined {
  if (!(target > 0)) return undefined;
  if (side === 'buy') return target === ask ? undefined : target < ask ? 'buy_limit' : 'buy_stop';
  return target === bid ? undefined : target > bid ? 'sell_limit' : 'sell_stop';
}

/** USD as exact micro-dollars from a wire number (at most 6 decimals). */
export function microsOf(usd: number): bigint {
  return BigInt(Math.round(usd * 1_000_000));
}

export function previewTicket(input: TicketInput): TicketPreview {
  const { instrument } = input;
  const precision = instrument.PricePrecision;
  const spec = specOf(instrument);
  const bid = parsePriceToPoints(input.bid, precision);
  const ask = parsePriceToPoints(input.ask, precision);
  const target = input.market ? 0 : pricePoints(input.targetText, precision);
  const stopLoss = pricePoints(input.stopLossText, precision);
  const takeProfit = pricePoints(input.takeProfitText, precision);

  const openPoints = input.market ? (input.side === 'buy' ? ask : bid) : target || null;
  const figures = figuresOf(input, spec, openPoints);
  const preview = {
    openPrice: openPoints ? pointsToNumber(openPoints, precision) : undefined,
    ...figures,
    pendingKind:
      input.market || !target || bid === null || ask === null
        ? undefined
        : pendingKindOf(input.side, target, bid, ask),
  };

  const problems: TicketProblem[] = [];
  // Unreadable prices first: the engine can only judge numbers. Each is its own problem.
  if (target === null) problems.push({ field: 'target', rejection: 'price_invalid' });
  if (stopLoss === null) problems.push({ field: 'stopLoss', rejection: 'price_invalid' });
  if (takeProfit === null) problems.push({ field: 'takeProfit', rejection: 'price_invalid' });
  // Without a readable target there is no price to judge the stops against.
  if (bid === null || ask === null || target === null) return { ...preview, problem: problems[0], problems };

  const context = {
    instrument: spec,
    quote: { bid, ask, timeMs: 0 },
    nowMs: 0,
    staleQuoteMs: Number.POSITIVE_INFINITY,
    feeType: input.feeType,
    quoteToUsd: input.usdRate ?? { numerator: 1n, denominator: 1n },
    // Unknown free margin (or rate) must not invent a refusal: the server checks it anyway.
    freeMarginMicros:
      input.freeMargin === undefined || input.usdRate === undefined
        ? BigInt(Number.MAX_SAFE_INTEGER) * 1_000_000n
        : microsOf(input.freeMargin),
  };
  // The engine names the first rule an order breaks. To show every problem at once, the field it
  // named is set aside (a stop cleared, the lots at their minimum) and the order judged again,
  // until it passes or a problem leaves nothing else to judge (a missing leverage or target).
  let command: OrderCommand = {
    side: input.side,
    market: input.market,
    lots: input.lots,
    leverage: input.leverage ?? 0,
    ...(target ? { targetPoints: target } : {}),
    stopLossPoints: stopLoss ?? 0,
    takeProfitPoints: takeProfit ?? 0,
    trailingPoints: trailingPointsOfText(input.trailingText ?? '', precision),
  };
  for (let round = 0; round < FIELDS_JUDGED; round++) {
    const decision = decideOrderEntry(command, context);
    if (decision.ok) break;
    const field = FIELD_OF[decision.rejection];
    if (!problems.some((found) => found.field === field))
      problems.push({ field, rejection: decision.rejection });
    const next = setAside(command, field, spec);
    if (!next) break;
    command = next;
  }
  return { ...preview, problem: problems[0], problems };
}

/** Fields the engine judges one after another: leverage, lots, target, stops, trailing, funds. */
const FIELDS_JUDGED = 7;

/** The command without the field's problem, to judge the others; undefined when nothing is left. */
function setAside(command: OrderCommand, field: TicketField, spec: InstrumentSpec): OrderCommand | undefined {
  switch (field) {
    case 'lots':
      return { ...command, lots: parseLots(spec.minLots) ?? command.lots };
    case 'stopLoss':
      return { ...command, stopLossPoints: 0 };
    case 'takeProfit':
      return { ...command, takeProfitPoints: 0 };
    case 'trailing':
      return { ...command, trailingPoints: 0 };
    default:
      // A missing leverage, a missing or crossed target, the market or the funds: the other
      // fields cannot be judged without them (or there is nothing after them).
      return undefined;
  }
}

function figuresOf(
  input: TicketInput,
  spec: InstrumentSpec,
  openPoints: number | null,
): Pick<TicketPreview, 'marginMicros' | 'feeMicros' | 'requiredMicros'> {
  const none = { marginMicros: undefined, feeMicros: undefined, requiredMicros: undefined };
  const fixed = spec.marginMode === 1;
  const leverage = input.leverage;
  if (!fixed && (!openPoints || !input.usdRate || !leverage)) return none;
  const margin = marginMicros(
    { lots: input.lots, contractSize: BigInt(spec.contractSize) },
    spec.marginMode,
    leverage ?? 1,
    priceFraction(openPoints ?? 0, spec.pricePrecision),
    input.usdRate ?? { numerator: 1n, denominator: 1n },
  );
  const fee = feeMicros(input.feeType, input.lots, margin, parseRate(spec.feeRate) ?? 0n);
  return { marginMicros: margin, feeMicros: fee, requiredMicros: margin + fee };
}
