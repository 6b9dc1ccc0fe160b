/**
 * Engine records on the wire (packages/protocol/src/trading.ts): order rows, account figures and
 * ledger rows. Money leaves as JSON numbers of at most 6 decimals, written from the exact integer,
 * so the JSON text is the exact amount; prices leave at the instrument's precision.
 */
import {
  closingPoints,
  floatingProfit,
  formatMicros,
  formatScaled,
  pipPoints,
  pointsToNumber,
  slippagePoints,
  type AccountFigures as EngineFigures,
  type InstrumentSpec,
  type MarketBoard,
  type Order,
} from '@omp/engine';
import { OrderStatus, type AccountFigures, type OrderRow } from '@omp/protocol';
import { CLOSED_TYPE_OF } from '../repositories/order-rows.ts';

export const money = (micros: bigint): number => Number(formatMicros(micros));

/** Hundredths of a percent (the engine's unit) as a percent number: 12345n → 123.45; null stays. */
export const percentOf = (basisPoints: bigint | null): number | null =>
  basisPoints === null ? null : Number(basisPoints) / 100;

/**
 * Where a level comes (the engine's LevelCrossing or PositionDistance) as the wire says it: the
 * price at the instrument's precision and the move to it in percent; both null for no crossing.
 */
export function crossingOnWire(
  crossing: { pricePoints: number; moveBasisPoints: bigint } | null | undefined,
  precision: number | undefined,
): { price: number | null; move: number | null } {
  if (!crossing || precision === undefined) return { price: null, move: null };
  return {
    price: pointsToNumber(crossing.pricePoints, precision),
    move: percentOf(crossing.moveBasisPoints),
  };
}

/**
 * Texts of the seconds written lately: a cascade's thousand order rows share their close second
 * (and mostly their opening ones), and making the text was about half of what a row cost.
 */
const recentTimeTexts = new Map<number, string>();

/** "YYYY-MM-DD HH:mm:ss" in UTC; empty for 0 (never happened). */
export function timeText(ms: number): string {
  if (!(ms > 0)) return '';
  const second = Math.floor(ms / 1000);
  const known = recentTimeTexts.get(second);
  if (known !== undefined) return known;
  const date = new Date(ms);
  // Nothing yet (0), or past what a date can hold: no text rather than a failed answer.
  const text = Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 19).replace('T', ' ');
  if (recentTimeTexts.size >= 4096) recentTimeTexts.clear();
  recentTimeTexts.set(second, text);
  return text;
}

const STATUS = {
  pending: OrderStatus.pending,
  holding: OrderStatus.holding,
  closed: OrderStatus.closed,
  cancelled: OrderStatus.cancelled,
};

export function toOrderRow(order: Order, spec: InstrumentSpec, board: MarketBoard): OrderRow {
  const price = (points: number) => (points > 0 ? pointsToNumber(points, spec.pricePrecision) : 0);
  const holding = order.state === 'holding';
  const current = holding ? (closingPoints(order, board) ?? order.openPoints) : order.closePoints;
  const profit = holding ? floatingProfit(order, board) : order.profitMicros;
  return {
    Id: order.id,
    ForexId: spec.id,
    ForexTradeLists: {
      Id: spec.id,
      Code: spec.code,
      ShowCode: spec.showCode,
      Logo: logoUrl(spec.logo),
      PricePrecision: spec.pricePrecision,
    },
    OrderType: order.side === 'buy' ? 1 : 2,
    Status: STATUS[order.state],
    Kind: order.kind,
    Quantity: Number(formatScaled(order.lots, 8)),
    Multiple: order.leverage,
    ForexContNum: spec.contractSize,
    OriginPrice: price(
      order.state === 'pending' || order.openPoints === 0 ? order.targetPoints : order.openPoints,
    ),
    Price: price(order.state === 'pending' ? order.targetPoints : current),
    UpdatePrice: price(current),
    FactProfits: money(profit),
    CautionMoney: money(order.marginMicros),
    OriginCautionMoney: money(order.marginMicros),
    TradeFee: money(order.feeMicros),
    TargetLossPrice: price(order.stopLossPoints),
    TargetProfitPrice: price(order.takeProfitPoints),
    // Pips: 10 points are 1 pip at precision 5, so 125 points leave as 12.5 (an exact decimal).
    TrailingStop: order.trailingPoints / pipPoints(spec.pricePrecision),
    ClosedType: order.closeReason ? CLOSED_TYPE_OF[order.closeReason] : 0,
    CancelReason: order.cancelReason ?? (order.closeReason === 'demo_reset' ? 'demo_reset' : ''),
    CreateTime: Math.floor(order.createdAtMs / 1000),
    CreateTimeHandler: timeText(order.createdAtMs),
    OpenTime: Math.floor(order.openedAtMs / 1000),
    OpenTimeHandler: timeText(order.openedAtMs),
    CloseTime: Math.floor(order.closedAtMs / 1000),
    CloseTimeHandler: timeText(order.closedAtMs),
    AskedPrice: price(order.askedPoints),
    Spread: pointsToNumber(order.spreadPoints, spec.pricePrecision),
    SpreadCost: money(order.spreadCostMicros),
    // Points are integers, so the difference is exact before it becomes a price.
    Slippage: pointsToNumber(slippagePoints(order), spec.pricePrecision),
    SplitFromId: order.splitFromId ?? 0,
  };
}

export function toAccountFigures(
  figures: EngineFigures,
  levels: { marginCallLevel: number; stopOutLevel: number },
  isDemo: boolean,
): AccountFigures {
  return {
    balance: money(figures.balanceMicros),
    lock_balance: money(figures.usedMarginMicros),
    equity: money(figures.equityMicros),
    free_margin: money(figures.freeMarginMicros),
    margin_level: percentOf(figures.marginLevelBasisPoints),
    floating_profit: money(figures.floatingMicros),
    withdraw_hold: 0,
    margin_call_level: levels.marginCallLevel,
    stop_out_level: levels.stopOutLevel,
    is_demo: isDemo ? 1 : 0,
  };
}

/**
 * An instrument's logo as the screens load it: a shipped file by its name (`eurusd.svg`, served
 * under /logos/), or the path on this server or https address staff set in the back office.
 */
export function logoUrl(logo: string): string {
  return logo.includes('/') ? logo : `/logos/${logo}`;
}
