/**
 * What the trigger runner did on a tick, counted by kind for the operator's metrics: stop losses,
 * trailing stops and take profits hit, trailing stops moved, pending orders filled (or cancelled
 * for want of margin), stop-outs, and margin calls sent. Read from the outcomes the engine decided; the engine itself counts nothing.
 */
import type { Outcome } from '@omp/engine';

export type TriggerKind =
  | 'stop_loss'
  | 'trailing_stop'
  | 'trailing_move'
  | 'take_profit'
  | 'stop_out'
  | 'pending_fill'
  | 'pending_cancelled'
  | 'margin_call';

export const TRIGGER_KINDS: readonly TriggerKind[] = [
  'stop_loss',
  'trailing_stop',
  'trailing_move',
  'take_profit',
  'stop_out',
  'pending_fill',
  'pending_cancelled',
  'margin_call',
];

/** The triggers fired in outcomes of the tick at `atMs`, one entry per order (and per margin call). */
export function triggersIn(outcomes: readonly Outcome[], atMs: number): TriggerKind[] {
  const fired: TriggerKind[] = [];
  for (const outcome of outcomes) {
    for (const order of outcome.orders) {
      if (order.state === 'closed' && order.closeReason === 'stop_loss') fired.push('stop_loss');
      else if (order.state === 'closed' && order.closeReason === 'trailing_stop') fired.push('trailing_stop');
      else if (order.state === 'closed' && order.closeReason === 'take_profit') fired.push('take_profit');
      else if (order.state === 'closed' && order.closeReason === 'stop_out') fired.push('stop_out');
      // A holding order either was pending until this tick reached its price (it opened now), or
      // had its trailing stop moved.
      else if (order.state === 'holding')
        fired.push(order.openedAtMs === atMs ? 'pending_fill' : 'trailing_move');
      else if (order.state === 'cancelled') fired.push('pending_cancelled');
    }
    for (const event of outcome.events) if (event.type === 'margin_call') fired.push('margin_call');
  }
  return fired;
}
