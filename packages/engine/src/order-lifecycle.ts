/**
 * The pure steps of an order's life: the record a placement makes, a pending order filling at a tick, a holding order closing,
 * the check of new stops, and the choice of the position a stop-out closes. Each returns a new record; none touches an account.
 */
import { accountFigures, closingPoints } from './account-figures.ts';
import { spreadCostMicros } from './fill-details.ts';
import { feeMicros, marginMicros, ONE, profitMicrosAtPoints, type Ratio } from './margin.ts';
import { parseRate, priceFraction } from './money.ts';
import { isMarketOpen } from './schedule.ts';
import type { MarketBoard } from './market-board.ts';
import type { EntryDecision, OrderCommand, QuoteSnapshot } from './order-entry.ts';
import type { InstrumentSpec } from './instrument.ts';
import { stopSideRejection, type StopLevels, type StopSideRejection } from './stop-sides.ts';
import { trailedNow, trailingRejection, type TrailingRejection } from './trailing-stop.ts';
import type { Account, CloseReason, Order } from './trading-types.ts';

/**
 * [B2] The record an accepted placement makes: a pending order waiting at its target, or a market
 * order holding, filled at the decided price with its margin, fee and the quote's spread (F2). A
 * trailing stop starts from the quote of the moment.
 */
export function placedOrder(
  id: number,
  accountId: number,
  command: OrderCommand,
  decision: Extract<EntryDecision, { ok: true }>,
  instrument: InstrumentSpec,
  quote: QuoteSnapshot,
  quoteToUsd: Ratio,
  nowMs: number,
): Order {
  const base: Order = {
    id,
    accountId,
    instrumentId: instrument.id,
    side: command.side,
    kind: decision.kind,
    state: 'pending',
    lots: command.lots,
    leverage: command.leverage,
    targetPoints: command.market ? 0 : decision.openPoints,
    openPoints: 0,
    askedPoints: 0,
    spreadPoints: 0,
    spreadCostMicros: 0n,
    stopLossPoints: command.stopLossPoints ?? 0,
    takeProfitPoints: command.takeProfitPoints ?? 0,
    trailingPoints: command.trailingPoints ?? 0,
    marginMicros: 0n,
    feeMicros: 0n,
    closePoints: 0,
    profitMicros: 0n,
    closeReason: null,
    cancelReason: null,
    createdAtMs: nowMs,
    openedAtMs: 0,
    closedAtMs: 0,
  };
  if (!command.market) return trailedNow(base, quote);
  const spread = quote.ask - quote.bid;
  return trailedNow(
    {
      ...base,
      state: 'holding',
      openPoints: decision.openPoints,
      askedPoints: command.askedPoints || decision.openPoints,
      spreadPoints: spread,
      spreadCostMicros: spreadCostMicros(
        { lots: command.lots, contractSize: BigInt(instrument.contractSize) },
        spread,
        instrument.pricePrecision,
        quoteToUsd,
      ),
      marginMicros: decision.marginMicros,
      feeMicros: decision.feeMicros,
      openedAtMs: nowMs,
    },
    quote,
  );
}

/**
 * [F1] A pending order fills at the tick's price (the ask for a buy, the bid for a sell), which may
 * be past its target. Its margin and fee are computed at that price; when margin + fee exceed the
 * free margin it does not fill (the caller cancels it with that reason). Undefined then. It
 * records its target as the price asked and the quote's spread (F2). `freeMarginMicros` is the
 * account's free margin when the caller keeps it (the trading book values accounts incrementally).
 */
export function fillPending(
  order: Order,
  account: Account,
  board: MarketBoard,
  feeType: number,
  nowMs: number,
  freeMarginMicros?: bigint,
): Order | undefined {
  const spec = board.instrument(order.instrumentId);
  const quote = board.quote(order.instrumentId);
  const rate = spec && board.usdRate(spec.quoteCurrency);
  if (!spec || !quote || !rate) return undefined;
  const openPoints = order.side === 'buy' ? quote.ask : quote.bid;
  const price = priceFraction(openPoints, spec.pricePrecision);
  const position = { lots: order.lots, contractSize: BigInt(spec.contractSize) };
  const margin = marginMicros(position, spec.marginMode, order.leverage, price, rate);
  const fee = feeMicros(feeType, order.lots, margin, parseRate(spec.feeRate) ?? 0n);
  const free = freeMarginMicros ?? accountFigures(account, board).freeMarginMicros;
  if (margin + fee > free) return undefined;
  return {
    ...order,
    state: 'holding',
    openPoints,
    // [F2] A pending order asked for its target; a fill past it is the slippage.
    askedPoints: order.targetPoints,
    spreadPoints: quote.ask - quote.bid,
    spreadCostMicros: spreadCostMicros(position, quote.ask - quote.bid, spec.pricePrecision, rate),
    marginMicros: margin,
    feeMicros: fee,
    openedAtMs: nowMs,
  };
}

/** [C1] Closes at the current closing price (bid for a buy, ask for a sell), P/L at 6 decimals. */
export function closeOrder(order: Order, board: MarketBoard, reason: CloseReason, nowMs: number): Order {
  const spec = board.instrument(order.instrumentId);
  const close = closingPoints(order, board);
  if (!spec || close === undefined)
    return {
      ...order,
      state: 'closed',
      closePoints: order.openPoints,
      profitMicros: 0n,
      closeReason: reason,
      closedAtMs: nowMs,
    };
  const profit = profitMicrosAtPoints(
    order.side,
    order.lots,
    spec.contractSize,
    order.openPoints,
    close,
    spec.pricePrecision,
    board.usdRate(spec.quoteCurrency) ?? ONE,
  );
  return {
    ...order,
    state: 'closed',
    closePoints: close,
    profitMicros: profit,
    closeReason: reason,
    closedAtMs: nowMs,
  };
}

/**
 * [C2] New stops (0 = none) must be on the right side of the reference: for a holding order the
 * price it would close at now (a stop already crossed would close it at once at a worse price),
 * for a pending order its target. Buy: stop loss below, take profit above; sell: the reverse. A
 * trailing distance is judged against the same reference (TS2).
 */
export function validateStops(
  order: Order,
  stops: StopLevels & { trailingPoints: number },
  quote: QuoteSnapshot,
): StopSideRejection | TrailingRejection | undefined {
  const reference =
    order.state === 'pending' ? order.targetPoints : order.side === 'buy' ? quote.bid : quote.ask;
  return (
    stopSideRejection(order.side, stops, { stopLoss: reference, takeProfit: reference }) ??
    trailingRejection(stops.trailingPoints, reference)
  );
}

/** [S1] The holding order with the largest floating loss among those whose market is open. */
export function largestLoser(account: Account, board: MarketBoard, nowMs: number): Order | undefined {
  let victim: Order | undefined;
  let victimProfit = 0n;
  for (const order of account.orders.values()) {
    if (order.state !== 'holding') continue;
    const instrument = board.instrument(order.instrumentId);
    if (!instrument || !isMarketOpen(instrument.schedule, nowMs) || !board.quote(order.instrumentId))
      continue;
    const profit = closeOrder(order, board, 'stop_out', nowMs).profitMicros;
    if (!victim || profit < victimProfit || (profit === victimProfit && order.id < victim.id)) {
      victim = order;
      victimProfit = profit;
    }
  }
  return victim;
}
