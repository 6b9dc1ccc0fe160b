/**
 * The broker's view of its book (SPEC.md "Book risk"): what the traders hold against it per
 * instrument, the floating P/L of all of it, and the accounts nearest a stop-out. Pure: the same
 * figures as account-figures.ts, summed over accounts.
 */
import { accountFigures, closingPoints, floatingProfit, isAtOrBelowLevel } from './account-figures.ts';
import { ONE, notionalMicros } from './margin.ts';
import { priceFraction } from './money.ts';
import type { MarketBoard } from './market-board.ts';
import type { Account } from './trading-types.ts';

export interface InstrumentExposure {
  instrumentId: number;
  /** Lots (10^-8) bought and sold by traders, and bought minus sold. */
  longLots: bigint;
  shortLots: bigint;
  netLots: bigint;
  /** USD notional at the current closing price (R2), long minus short. */
  netNotionalMicros: bigint;
  /** The traders' floating P/L on this instrument: the broker's is its negative. */
  floatingMicros: bigint;
  positions: number;
}

/** One holding position as the broker sees it. */
export interface PositionAtRisk {
  accountId: number;
  orderId: number;
  instrumentId: number;
  side: 'buy' | 'sell';
  lots: bigint;
  /** USD notional at the price it would close at now (R2). */
  notionalMicros: bigint;
  floatingMicros: bigint;
}

export interface AccountAtRisk {
  accountId: number;
  marginLevelBasisPoints: bigint;
  equityMicros: bigint;
  usedMarginMicros: bigint;
}

export interface BookRisk {
  openPositions: number;
  /** Accounts holding at least one position (R5). */
  activeTraders: number;
  pendingOrders: number;
  /** Σ floating P/L of the traders' holding orders (R1). */
  floatingMicros: bigint;
  /** One entry per instrument with a holding order, largest absolute net notional first (R2). */
  exposures: InstrumentExposure[];
  /** Accounts at or below the margin-call level, lowest level first (R3). */
  atMarginCall: AccountAtRisk[];
  /** The largest holding positions by notional, largest first (R4). */
  largestPositions: PositionAtRisk[];
  /** The accounts with the lowest margin levels, lowest first, whatever the level (R6). */
  lowestMarginLevels: AccountAtRisk[];
}

/** How many accounts the book's view lists by margin level. */
export const LOWEST_MARGIN_LEVELS = 20;

/** How many of the largest positions the book's view keeps. */
export const LARGEST_POSITIONS = 10;

export function bookRisk(accounts: Iterable<Account>, board: MarketBoard, marginCallLevel: number): BookRisk {
  let openPositions = 0;
  let activeTraders = 0;
  let pendingOrders = 0;
  let floating = 0n;
  const exposures = new Map<number, InstrumentExposure>();
  const atMarginCall: AccountAtRisk[] = [];
  const withMargin: AccountAtRisk[] = [];
  const positions: PositionAtRisk[] = [];
  for (const account of accounts) {
    const holdingBefore = openPositions;
    for (const order of account.orders.values()) {
      if (order.state === 'pending') pendingOrders++;
      if (order.state !== 'holding') continue;
      openPositions++;
      const profit = floatingProfit(order, board);
      floating += profit;
      const entry = exposures.get(order.instrumentId) ?? {
        instrumentId: order.instrumentId,
        longLots: 0n,
        shortLots: 0n,
        netLots: 0n,
        netNotionalMicros: 0n,
        floatingMicros: 0n,
        positions: 0,
      };
      const sign = order.side === 'buy' ? 1n : -1n;
      const notional = notionalAtClose(order, board);
      if (sign > 0n) entry.longLots += order.lots;
      else entry.shortLots += order.lots;
      entry.netLots += sign * order.lots;
      entry.netNotionalMicros += sign * notional;
      positions.push({
        accountId: account.id,
        orderId: order.id,
        instrumentId: order.instrumentId,
        side: order.side,
        lots: order.lots,
        notionalMicros: notional,
        floatingMicros: profit,
      });
      entry.floatingMicros += profit;
      entry.positions++;
      exposures.set(order.instrumentId, entry);
    }
    if (openPositions > holdingBefore) activeTraders++;
    const figures = accountFigures(account, board);
    if (figures.marginLevelBasisPoints !== null) {
      const atRisk = {
        accountId: account.id,
        marginLevelBasisPoints: figures.marginLevelBasisPoints,
        equityMicros: figures.equityMicros,
        usedMarginMicros: figures.usedMarginMicros,
      };
      withMargin.push(atRisk);
      if (isAtOrBelowLevel(figures, marginCallLevel)) atMarginCall.push(atRisk);
    }
  }
  const magnitude = (value: bigint) => (value < 0n ? -value : value);
  return {
    openPositions,
    activeTraders,
    pendingOrders,
    floatingMicros: floating,
    exposures: [...exposures.values()].sort((a, b) => {
      const difference = magnitude(b.netNotionalMicros) - magnitude(a.netNotionalMicros);
      return difference === 0n ? a.instrumentId - b.instrumentId : difference > 0n ? 1 : -1;
    }),
    largestPositions: positions
      .sort((a, b) =>
        a.notionalMicros === b.notionalMicros
          ? a.orderId - b.orderId
          : a.notionalMicros > b.notionalMicros
            ? -1
            : 1,
      )
      .slice(0, LARGEST_POSITIONS),
    lowestMarginLevels: withMargin.sort(byMarginLevel).slice(0, LOWEST_MARGIN_LEVELS),
    atMarginCall: atMarginCall.sort(byMarginLevel),
  };
}

/** Lowest margin level first; equal levels by account id, so the order never flickers. */
function byMarginLevel(a: AccountAtRisk, b: AccountAtRisk): number {
  if (a.marginLevelBasisPoints === b.marginLevelBasisPoints) return a.accountId - b.accountId;
  return a.marginLevelBasisPoints < b.marginLevelBasisPoints ? -1 : 1;
}

/** [R2] A position's USD notional at the price it would close at now; 0 without a quote. */
function notionalAtClose(
  order: Account['orders'] extends Map<number, infer O> ? O : never,
  board: MarketBoard,
) {
  const spec = board.instrument(order.instrumentId);
  const close = closingPoints(order, board);
  if (!spec || close === undefined) return 0n;
  return notionalMicros(
    { lots: order.lots, contractSize: BigInt(spec.contractSize) },
    priceFraction(close, spec.pricePrecision),
    board.usdRate(spec.quoteCurrency) ?? ONE,
  );
}
