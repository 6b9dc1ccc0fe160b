/**
 * The order ticket's risk preview: the engine's projection (packages/engine/SPEC.md "Risk
 * projection", RP1–RP7) of the account with the order filled now, in the wire's units. It reads the
 * account and the board and changes neither, so a ticket may ask on every change of its inputs.
 */
import { isQuoteStale, projectRisk, type Account, type MarketBoard, type TradingSettings } from '@omp/engine';
import type { RiskPreview, RiskPreviewQuery } from '@omp/protocol';
import { invalid } from '../domain/errors.ts';
import { lotsOf, pointsOf } from '../inputs/trading-inputs.ts';
import { crossingOnWire, money, percentOf } from '../wire/trading-wire.ts';
import { refusalOf } from './book-terms.ts';

export function riskPreviewOf(
  account: Account,
  board: MarketBoard,
  settings: TradingSettings,
  query: RiskPreviewQuery,
  nowMs: number,
): RiskPreview {
  const spec = board.instrument(query.forex_id);
  if (!spec) throw refusalOf('instrument_not_found');
  const lots = lotsOf(query.cont);
  if (lots <= 0n) throw invalid('field_invalid', { field: 'cont' });
  // A price the book would refuse to fill at is no price to promise a stop-out at.
  const quote = board.quote(spec.id);
  if (quote && isQuoteStale(quote, nowMs, settings.staleQuoteMs)) throw refusalOf('stale_quote');
  const result = projectRisk(account, board, settings, settings.feeType, {
    instrumentId: spec.id,
    side: query.type === 1 ? 'buy' : 'sell',
    lots,
    leverage: query.multiple,
    stopLossPoints: pointsOf(query.stop_loss_price, 'stop_loss_price', spec),
  });
  if (!result.ok) throw refusalOf(result.rejection);
  const { projection } = result;
  const risk = projection.instruments.find((held) => held.instrumentId === spec.id);
  const stopOut = crossingOnWire(risk?.stopOut, spec.pricePrecision);
  const marginCall = crossingOnWire(risk?.marginCall, spec.pricePrecision);
  const stopLoss = projection.order?.stopLoss ?? null;
  return {
    stop_out_price: stopOut.price,
    stop_out_move: stopOut.move,
    margin_call_price: marginCall.price,
    margin_call_move: marginCall.move,
    stop_loss_loss: stopLoss ? money(stopLoss.lossMicros) : null,
    stop_loss_loss_share: stopLoss ? percentOf(stopLoss.lossShareOfEquityBasisPoints) : null,
    margin: money(projection.order?.marginMicros ?? 0n),
    fee: money(projection.order?.feeMicros ?? 0n),
    margin_level: percentOf(projection.figures.marginLevelBasisPoints),
  };
}
