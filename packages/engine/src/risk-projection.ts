/**
 * Risk you can see before it hits (SPEC.md "Risk projection", RP1–RP7): for an account as the
 * engine holds it, and optionally an order it is about to place, the prices at which the margin
 * call and the stop-out would come, how far they are from the market, and what the order's stop
 * loss would cost. Every answer is the engine's own judgement (A3, A4, M2–M4), found exactly
 * (level-crossing.ts), so a screen never promises a price the book then disagrees with.
 */
import { accountFigures } from './account-figures.ts';
import { equityCurve, firstCrossing, type EquityCurve } from './level-crossing.ts';
import { feeMicros, marginMicros, profitMicros } from './margin.ts';
import { divRound, parseRate, priceFraction } from './money.ts';
import { rateFromMid, type MarketBoard } from './market-board.ts';
import type { Account, AccountFigures, Order, RiskLevels, Side } from './trading-types.ts';

/** An order the trader is considering: a market order at the current quote. */
export interface HypotheticalOrder {
  instrumentId: number;
  side: Side;
  /** Lots in 10^-8 units. */
  lots: bigint;
  leverage: number;
  /** 0 or absent: none. */
  stopLossPoints?: number;
}

export type ProjectionRejection = 'instrument_not_found' | 'stale_quote' | 'leverage_not_offered';

/** Where one instrument's price reaches a level, every other price held. */
export interface LevelCrossing {
  /** down: the account loses as the price falls (it is net long); up: as it rises. */
  direction: 'down' | 'up';
  /** The quote at the crossing: the bid moved, the current spread held. */
  bid: number;
  ask: number;
  /** The side longs close at when going down (the bid), shorts when going up (the ask). */
  pricePoints: number;
  /** (pricePoints − the same side now) / the same side now, in hundredths of a percent (RP5). */
  moveBasisPoints: bigint;
  /** The account is at or below the level already: the price is the current one. */
  alreadyReached: boolean;
  /** false only when the rounding left too many candidate points: then the nearest of them (RP3). */
  exact: boolean;
}

export interface InstrumentRisk {
  instrumentId: number;
  bid: number;
  ask: number;
  marginCall: LevelCrossing | null;
  stopOut: LevelCrossing | null;
}

/** A crossing as one position sees it: on the side of the quote it closes at. */
export interface PositionDistance {
  pricePoints: number;
  moveBasisPoints: bigint;
  alreadyReached: boolean;
}

export interface PositionRisk {
  orderId: number;
  instrumentId: number;
  side: Side;
  /** The price it would close at now (A1). */
  closingPoints: number;
  marginCall: PositionDistance | null;
  stopOut: PositionDistance | null;
}

export interface StopLossRisk {
  stopLossPoints: number;
  /** The P/L realized by a close at the stop loss (C1). */
  profitMicros: bigint;
  /** Fee paid at the fill minus that P/L: what the account is down once the stop fires. */
  lossMicros: bigint;
  /** The loss over the account's equity now, hundredths of a percent; null without positive equity. */
  lossShareOfEquityBasisPoints: bigint | null;
}

export interface OrderRisk {
  openPoints: number;
  marginMicros: bigint;
  feeMicros: bigint;
  stopLoss: StopLossRisk | null;
}

export interface RiskProjection {
  /** The account's figures with the order placed (its fee paid, its margin held). */
  figures: AccountFigures;
  /** How far equity may fall before the level is reached (RP6); null with nothing open. */
  equityToMarginCallMicros: bigint | null;
  equityToStopOutMicros: bigint | null;
  /** Every instrument held (the order's included), by id. */
  instruments: InstrumentRisk[];
  /** The account's holding orders, by id. */
  positions: PositionRisk[];
  /** The instrument whose crossing is the smallest move away (RP6). */
  nearestMarginCall: (LevelCrossing & { instrumentId: number }) | null;
  nearestStopOut: (LevelCrossing & { instrumentId: number }) | null;
  order: OrderRisk | null;
}

export type ProjectionResult =
  { ok: true; projection: RiskProjection } | { ok: false; rejection: ProjectionRejection };

/** The id the order being considered carries in the projected account; real ids start at 1. */
const HYPOTHETICAL_ORDER_ID = 0;

/** [RP1]–[RP7] */
export function projectRisk(
  account: Account,
  board: MarketBoard,
  levels: RiskLevels,
  feeType: number,
  hypothetical?: HypotheticalOrder,
): ProjectionResult {
  let projected = account;
  let order: OrderRisk | null = null;
  if (hypothetical) {
    const placed = hypotheticalFill(hypothetical, board, feeType);
    if ('rejection' in placed) return { ok: false, rejection: placed.rejection };
    projected = {
      ...account,
      balanceMicros: account.balanceMicros - placed.order.feeMicros,
      orders: new Map(account.orders).set(HYPOTHETICAL_ORDER_ID, placed.order),
    };
    const equityNow = accountFigures(account, board).equityMicros;
    order = {
      openPoints: placed.order.openPoints,
      marginMicros: placed.order.marginMicros,
      feeMicros: placed.order.feeMicros,
      stopLoss: stopLossRisk(placed.order, hypothetical.stopLossPoints ?? 0, board, equityNow),
    };
  }
  const figures = accountFigures(projected, board);
  const instruments = heldInstruments(projected).map((id) => instrumentRisk(projected, board, id, levels));
  const byId = new Map(instruments.map((risk) => [risk.instrumentId, risk]));
  const positions: PositionRisk[] = [];
  for (const held of [...account.orders.values()].sort((a, b) => a.id - b.id)) {
    const risk = held.state === 'holding' ? byId.get(held.instrumentId) : undefined;
    if (risk) positions.push(positionRisk(held, risk));
  }
  return {
    ok: true,
    projection: {
      figures,
      equityToMarginCallMicros: equityToLevel(figures, levels.marginCallLevel),
      equityToStopOutMicros: equityToLevel(figures, levels.stopOutLevel),
      instruments,
      positions,
      nearestMarginCall: nearest(instruments, 'marginCall'),
      nearestStopOut: nearest(instruments, 'stopOut'),
      order,
    },
  };
}

/** [RP1] The order as O1 would fill it now: at the ask for a buy, the bid for a sell; M2, M3. */
function hypotheticalFill(
  command: HypotheticalOrder,
  board: MarketBoard,
  feeType: number,
): { order: Order } | { rejection: ProjectionRejection } {
  const spec = board.instrument(command.instrumentId);
  if (!spec) return { rejection: 'instrument_not_found' };
  const quote = board.quote(command.instrumentId);
  const rate = board.usdRate(spec.quoteCurrency);
  if (!quote || !rate) return { rejection: 'stale_quote' };
  if (!spec.leverageOptions.includes(command.leverage)) return { rejection: 'leverage_not_offered' };
  const openPoints = command.side === 'buy' ? quote.ask : quote.bid;
  const position = { lots: command.lots, contractSize: BigInt(spec.contractSize) };
  const price = priceFraction(openPoints, spec.pricePrecision);
  const margin = marginMicros(position, spec.marginMode, command.leverage, price, rate);
  const fee = feeMicros(feeType, command.lots, margin, parseRate(spec.feeRate) ?? 0n);
  const order: Order = {
    id: HYPOTHETICAL_ORDER_ID,
    accountId: 0,
    instrumentId: spec.id,
    side: command.side,
    kind: 'market',
    state: 'holding',
    lots: command.lots,
    leverage: command.leverage,
    targetPoints: 0,
    openPoints,
    askedPoints: openPoints,
    spreadPoints: quote.ask - quote.bid,
    spreadCostMicros: 0n,
    trailingPoints: 0,
    stopLossPoints: command.stopLossPoints ?? 0,
    takeProfitPoints: 0,
    marginMicros: margin,
    feeMicros: fee,
    closePoints: 0,
    profitMicros: 0n,
    closeReason: null,
    cancelReason: null,
    createdAtMs: 0,
    openedAtMs: 0,
    closedAtMs: 0,
  };
  return { order };
}

/**
 * [RP4] A close at the stop loss, as the stop would fire: a buy's on the bid, a sell's on the ask,
 * the spread held, so a USDXXX pair's own rate is taken at that quote's mid (C1, M4).
 */
function stopLossRisk(order: Order, stopLossPoints: number, board: MarketBoard, equityNow: bigint) {
  const spec = board.instrument(order.instrumentId);
  const quote = board.quote(order.instrumentId);
  if (stopLossPoints <= 0 || !spec || !quote) return null;
  const spread = quote.ask - quote.bid;
  const [bid, ask] =
    order.side === 'buy'
      ? [stopLossPoints, stopLossPoints + spread]
      : [stopLossPoints - spread, stopLossPoints];
  const leg = board.conversionLeg(spec.quoteCurrency);
  const rate =
    leg?.instrumentId === spec.id
      ? rateFromMid(leg, BigInt(bid) + BigInt(ask))
      : board.usdRate(spec.quoteCurrency);
  if (!rate) return null;
  const profit = profitMicros(
    order.side,
    { lots: order.lots, contractSize: BigInt(spec.contractSize) },
    priceFraction(order.openPoints, spec.pricePrecision),
    priceFraction(stopLossPoints, spec.pricePrecision),
    rate,
  );
  const loss = order.feeMicros - profit;
  return {
    stopLossPoints,
    profitMicros: profit,
    lossMicros: loss,
    lossShareOfEquityBasisPoints: equityNow > 0n ? divRound(loss * 10_000n, equityNow) : null,
  };
}

function heldInstruments(account: Account): number[] {
  const ids = new Set<number>();
  for (const order of account.orders.values()) if (order.state === 'holding') ids.add(order.instrumentId);
  return [...ids].sort((a, b) => a - b);
}

function instrumentRisk(account: Account, board: MarketBoard, instrumentId: number, levels: RiskLevels) {
  const curve = equityCurve(account, board, instrumentId);
  const quote = board.quote(instrumentId);
  return {
    instrumentId,
    bid: quote?.bid ?? 0,
    ask: quote?.ask ?? 0,
    marginCall: curve ? levelCrossing(curve, levels.marginCallLevel) : null,
    stopOut: curve ? levelCrossing(curve, levels.stopOutLevel) : null,
  };
}

/** [RP2][RP5] The crossing of one level, priced on the side that loses. */
function levelCrossing(curve: EquityCurve, levelPercent: number): LevelCrossing | null {
  const point = firstCrossing(curve, levelPercent);
  if (!point) return null;
  const ask = point.bid + curve.spread;
  const down = point.direction === 'down';
  const pricePoints = down ? point.bid : ask;
  return {
    direction: point.direction,
    bid: point.bid,
    ask,
    pricePoints,
    moveBasisPoints: moveBasisPoints(pricePoints, down ? curve.bid : curve.ask),
    alreadyReached: point.alreadyReached,
    exact: point.exact,
  };
}

/** [RP5] The move from `now` to `price` in hundredths of a percent, rounded half away from zero. */
export function moveBasisPoints(price: number, now: number): bigint {
  return divRound((BigInt(price) - BigInt(now)) * 10_000n, BigInt(now));
}

function positionRisk(order: Order, risk: InstrumentRisk): PositionRisk {
  const closing = order.side === 'buy' ? risk.bid : risk.ask;
  const distance = (crossing: LevelCrossing | null): PositionDistance | null => {
    if (!crossing) return null;
    const price = order.side === 'buy' ? crossing.bid : crossing.ask;
    return {
      pricePoints: price,
      moveBasisPoints: moveBasisPoints(price, closing),
      alreadyReached: crossing.alreadyReached,
    };
  };
  return {
    orderId: order.id,
    instrumentId: order.instrumentId,
    side: order.side,
    closingPoints: closing,
    marginCall: distance(risk.marginCall),
    stopOut: distance(risk.stopOut),
  };
}

/** [RP6] equity − ⌊level × used / 100⌋: the smallest fall of equity that reaches the level (A4). */
function equityToLevel(figures: AccountFigures, levelPercent: number): bigint | null {
  if (figures.usedMarginMicros <= 0n) return null;
  return figures.equityMicros - (BigInt(levelPercent) * figures.usedMarginMicros) / 100n;
}

/** [RP6] The instrument whose crossing is the smallest move away; ties go to the lowest id. */
function nearest(instruments: InstrumentRisk[], level: 'marginCall' | 'stopOut') {
  let best: (LevelCrossing & { instrumentId: number }) | null = null;
  for (const risk of instruments) {
    const crossing = risk[level];
    if (!crossing) continue;
    const size = (move: bigint) => (move < 0n ? -move : move);
    if (!best || size(crossing.moveBasisPoints) < size(best.moveBasisPoints))
      best = { ...crossing, instrumentId: risk.instrumentId };
  }
  return best;
}
