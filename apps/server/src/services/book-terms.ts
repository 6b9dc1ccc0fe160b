/**
 * The terms the trading book decides on, changed while it runs: staff's trading settings and an
 * instrument's new spec, applied the same way on every node from the event that announced them;
 * and the wording of the engine's refusals.
 */
import { rescalePoints, type InstrumentSpec, type TradingBook, type TradingSettings } from '@omp/engine';
import { TRADING_SETTING_KEYS } from '@omp/protocol';
import { notFound, refused, type DomainError } from '../domain/errors.ts';
import { tradingSettingsOf } from '../inputs/trading-inputs.ts';

/** The settings with the changed values, or undefined when none of them is a trading setting. */
export function settingsWithChanges(
  current: TradingSettings,
  values: Record<string, string>,
): TradingSettings | undefined {
  if (!TRADING_SETTING_KEYS.some((key) => key in values)) return undefined;
  return tradingSettingsOf({
    trade_fee_type: values.trade_fee_type ?? String(current.feeType),
    stale_quote_s: values.stale_quote_s ?? String(current.staleQuoteMs / 1000),
    margin_call_level: values.margin_call_level ?? String(current.marginCallLevel),
    stop_out_level: values.stop_out_level ?? String(current.stopOutLevel),
  });
}

/** The board trades on the new spec; a new precision puts its last quote in the new points. */
export function applyInstrumentSpec(board: TradingBook['board'], spec: InstrumentSpec): void {
  const from = board.instrument(spec.id)?.pricePrecision;
  const quote = board.quote(spec.id);
  board.addInstrument(spec);
  if (quote && from !== undefined && from !== spec.pricePrecision) {
    const rescale = (points: number) => rescalePoints(points, from, spec.pricePrecision);
    board.setQuote(spec.id, { ...quote, bid: rescale(quote.bid), ask: rescale(quote.ask) });
  }
}

/** An engine refusal as the domain error the client reads. */
export function refusalOf(rejection: string): DomainError {
  if (rejection === 'order_not_found') return notFound('order.order_not_found');
  if (rejection === 'instrument_not_found') return notFound('order.instrument_not_found');
  // A deposit's or staff credit's refusal: about the money, not an order.
  if (rejection === 'balance_above_ceiling') return refused('money.balance_above_ceiling');
  return refused(`order.${rejection}`);
}
