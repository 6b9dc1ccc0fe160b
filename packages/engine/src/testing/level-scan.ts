/**
 * The brute-force answer the risk projection is checked against: step the price one point at a
 * time and ask the engine's own account figures (A3, A4) whether the level is reached.
 */
import { accountFigures, isAtOrBelowLevel } from '../account-figures.ts';
import { MarketBoard } from '../market-board.ts';
import type { Account } from '../trading-types.ts';

/** A copy of the board's instruments and quotes, so a scan can move one price freely. */
export function copyBoard(board: MarketBoard): MarketBoard {
  const copy = new MarketBoard();
  for (const spec of board.allInstruments()) copy.addInstrument(spec);
  for (const spec of board.allInstruments()) {
    const quote = board.quote(spec.id);
    if (quote) copy.setQuote(spec.id, quote);
  }
  return copy;
}

/**
 * The first bid of `instrumentId`, from `fromBid` (the current one by default) and stepping `direction` for at most
 * `points` points (the spread held), at which the account is at or below `levelPercent`.
 */
export function scanFirstCrossing(
  account: Account,
  board: MarketBoard,
  instrumentId: number,
  levelPercent: number,
  direction: 'down' | 'up',
  points: number,
  fromBid = board.quote(instrumentId)!.bid,
): number | undefined {
  const copy = copyBoard(board);
  const quote = board.quote(instrumentId)!;
  const spread = quote.ask - quote.bid;
  const step = direction === 'down' ? -1 : 1;
  for (let k = 0; k <= points; k++) {
    const bid = fromBid + step * k;
    if (bid < 1) return undefined;
    copy.setQuote(instrumentId, { bid, ask: bid + spread, timeMs: quote.timeMs });
    if (isAtOrBelowLevel(accountFigures(account, copy), levelPercent)) return bid;
  }
  return undefined;
}
