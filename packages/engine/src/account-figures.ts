/**
 * Account figures (SPEC.md "Account figures"): floating P/L of each holding order at the
 * current quote and USD rate, equity, used and free margin, and the margin level as an exact
 * comparison, so the stop-out decision never depends on a rounded percentage.
 */
import { divRound } from './money.ts';
import { ONE, profitMicrosAtPoints } from './margin.ts';
import type { MarketBoard } from './market-board.ts';
import type { Account, AccountFigures, Order } from './trading-types.ts';

/** [A1] The price a holding order would close at now: the bid for a buy, the ask for a sell. */
export function closingPoints(order: Order, board: MarketBoard): number | undefined {
  const quote = board.quote(order.instrumentId);
  if (!quote) return undefined;
  return order.side === 'buy' ? quote.bid : quote.ask;
}

/** [A2] Floating P/L of a holding order in USD micros; 0 while no quote or rate is known. */
export function floatingProfit(order: Order, board: MarketBoard): bigint {
  if (order.state !== 'holding') return 0n;
  const spec = board.instrument(order.instrumentId);
  const close = closingPoints(order, board);
  if (!spec || close === undefined) return 0n;
  const rate = board.usdRate(spec.quoteCurrency) ?? ONE;
  return profitMicrosAtPoints(
    order.side,
    order.lots,
    spec.contractSize,
    order.openPoints,
    close,
    spec.pricePrecision,
    rate,
  );
}

/** [A3] equity = balance + Σ floating; free margin = equity − used margin; level = equity / used. */
export function accountFigures(account: Account, board: MarketBoard): AccountFigures {
  let used = 0n;
  let floating = 0n;
  for (const order of account.orders.values()) {
    if (order.state !== 'holding') continue;
    used += order.marginMicros;
    floating += floatingProfit(order, board);
  }
  return figuresFrom(account.balanceMicros, used, floating);
}

/** [A3] The figures of a balance, a used margin and a floating P/L, however those were summed. */
export function figuresFrom(balance: bigint, used: bigint, floating: bigint): AccountFigures {
  const equity = balance + floating;
  return {
    balanceMicros: balance,
    usedMarginMicros: used,
    floatingMicros: floating,
    equityMicros: equity,
    freeMarginMicros: equity - used,
    marginLevelBasisPoints: used > 0n ? divRound(equity * 10_000n, used) : null,
  };
}

/** [A4] True when equity / used margin × 100 ≤ level (percent), decided exactly; false with nothing open. */
export function isAtOrBelowLevel(
  figures: Pick<AccountFigures, 'equityMicros' | 'usedMarginMicros'>,
  levelPercent: number,
): boolean {
  if (figures.usedMarginMicros <= 0n) return false;
  return figures.equityMicros * 100n <= BigInt(levelPercent) * figures.usedMarginMicros;
}
