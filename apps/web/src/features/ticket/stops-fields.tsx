/**
 * The stops block of the order ticket and of the stops editor: the unit switch, stop loss and take
 * profit in that unit, and the trailing distance. The hints say on which side of which price each
 * stop goes: the stop loss is judged against the price the position would close at now (a pending
 * order's target), the take profit against the price it opens at; the editor of an open order
 * judges both against one price.
 */
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../lib/format.ts';
import { useSettings } from '../settings/settings-store.ts';
import { TrailingStopRow } from '../orders/trailing-stop-row.tsx';
import { StopField, StopUnitSwitch } from './stop-field.tsx';
import type { StopBasis } from './stop-units.ts';
import type { StopInputs } from './use-stop-inputs.ts';

type StopKind = 'stopLoss' | 'takeProfit';
const STOP_KINDS: readonly StopKind[] = ['stopLoss', 'takeProfit'];

export function StopsFields({
  stops,
  basis,
  ids,
  testIds,
  stopReference,
  profitReference,
  trailingPips,
  onTrailingPips,
  errorOf,
}: {
  stops: StopInputs;
  basis: StopBasis;
  ids: Record<StopKind | 'trailing', string>;
  /** Each field's row; the inputs default to `<row>-input` unless named here. */
  testIds: Record<StopKind | 'trailing', string> & { stopLossInput?: string; takeProfitInput?: string };
  stopReference: number;
  profitReference: number;
  trailingPips: string;
  onTrailingPips(text: string): void;
  errorOf(field: StopKind): string | undefined;
}) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  const price = (value: number) => formatPrice(value, basis.precision, lang);
  const buy = basis.side === 'buy';
  return (
    <>
      <StopUnitSwitch unit={stops.unit} onUnit={stops.setUnit} />
      <div className="ticket-stops">
        {STOP_KINDS.map((kind) => {
          const reference = kind === 'stopLoss' ? stopReference : profitReference;
          // A buy's stop loss goes below, its take profit above; a sell's the other way round.
          const below = buy === (kind === 'stopLoss');
          const inputTestId = testIds[`${kind}Input`];
          return (
            <StopField
              key={kind}
              kind={kind}
              unit={stops.unit}
              text={stops[kind]}
              onText={kind === 'stopLoss' ? stops.setStopLoss : stops.setTakeProfit}
              basis={basis}
              id={ids[kind]}
              hint={t(below ? 'ticket.optionalBelow' : 'ticket.optionalAbove', { price: price(reference) })}
              error={errorOf(kind)}
              testId={testIds[kind]}
              {...(inputTestId && { inputTestId })}
            />
          );
        })}
      </div>
      <TrailingStopRow
        id={ids.trailing}
        value={trailingPips}
        onValue={onTrailingPips}
        precision={basis.precision}
        referencePrice={stopReference}
        testId={testIds.trailing}
      />
    </>
  );
}
