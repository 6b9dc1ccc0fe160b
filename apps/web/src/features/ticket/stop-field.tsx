/**
 * A stop loss or take profit box that takes a price, pips or money (stop-units.ts), with the unit
 * switch the ticket and the stops editor share. Once filled, the line under the box shows the
 * other two units, so a trader typing "$50" sees the price it becomes before sending.
 */
import { useTranslation } from 'react-i18next';
import type { Language } from '@omp/protocol';
import { formatUsd2 } from '@omp/engine';
import { formatPrice, formatUsd, isolateLtr } from '../../lib/format.ts';
import { useSettings } from '../settings/settings-store.ts';
import { PriceInput, Segmented, TicketRow } from './ticket-controls.tsx';
import { sanitizePriceText } from './ticket-preview.ts';
import {
  pipDecimals,
  sanitizeDecimalText,
  STOP_UNITS,
  stopPointsOf,
  stopViewsOf,
  type StopBasis,
  type StopKind,
  type StopUnit,
} from './stop-units.ts';

export function StopUnitSwitch({ unit, onUnit }: { unit: StopUnit; onUnit(unit: StopUnit): void }) {
  const { t } = useTranslation();
  return (
    <div className="stop-units">
      <span className="stop-units__label">{t('riskAndFills.stopsIn')}</span>
      <Segmented<StopUnit>
        label={t('riskAndFills.stopsIn')}
        value={unit}
        onChange={onUnit}
        options={STOP_UNITS.map((value) => ({ value, label: t(`riskAndFills.unit_${value}`) }))}
        testId="stop-unit"
      />
    </div>
  );
}

/** Typed text as the unit keeps it: the instrument's decimals, tenths of a pip, cents. */
export function sanitizeStopText(unit: StopUnit, text: string, precision: number, lang: Language): string {
  if (unit === 'price') return sanitizePriceText(text, precision, lang);
  return sanitizeDecimalText(text, unit === 'pips' ? pipDecimals(precision) : 2, lang);
}

/**
 * The text of the stop at `points` in `unit`, for a switch of units that keeps the same stop:
 * distances and amounts are magnitudes (the side is the stop's kind).
 */
export function stopTextIn(unit: StopUnit, points: number, kind: StopKind, basis: StopBasis): string {
  const views = stopViewsOf(points, kind, basis);
  if (unit === 'price') return views.priceText;
  if (unit === 'pips') return views.pipsText?.replace('-', '') ?? '';
  if (views.profitMicros === undefined) return '';
  const micros = views.profitMicros < 0n ? -views.profitMicros : views.profitMicros;
  return formatUsd2(micros);
}

export function StopField({
  kind,
  unit,
  text,
  onText,
  basis,
  id,
  hint,
  error,
  testId,
  inputTestId = `${testId}-input`,
}: {
  kind: StopKind;
  unit: StopUnit;
  text: string;
  onText(text: string): void;
  basis: StopBasis;
  id: string;
  /** What to say while the box is empty: on which side of which price the stop goes. */
  hint: string;
  error: string | undefined;
  testId: string;
  /** The box's own test id, where one was given before this field took units. */
  inputTestId?: string;
}) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  const points = stopPointsOf(unit, text, kind, basis);
  const views = points ? stopViewsOf(points, kind, basis) : undefined;
  const parts: string[] = [];
  // Figures isolated left to right: in Arabic "-$11.00" would otherwise read "$11.00-".
  if (views && unit !== 'price')
    parts.push(isolateLtr(formatPrice(Number(views.priceText), basis.precision, lang)));
  if (views && unit !== 'pips' && views.pipsText !== undefined)
    parts.push(t('riskAndFills.pipsValue', { pips: views.pipsText }));
  if (views && unit !== 'money' && views.profitMicros !== undefined)
    parts.push(isolateLtr(formatUsd(Number(formatUsd2(views.profitMicros)), lang, { signed: true })));
  const alongside = parts.length > 0 ? parts.join(' · ') : undefined;
  return (
    <TicketRow
      label={t(kind === 'stopLoss' ? 'ticket.stopLoss' : 'ticket.takeProfit')}
      htmlFor={id}
      error={error}
      hint={alongside ? <span data-testid={`${testId}-alongside`}>{alongside}</span> : hint}
      testId={`row-${testId}`}
    >
      <PriceInput
        id={id}
        value={text}
        placeholder={unit === 'price' ? t('ticket.none') : t(`riskAndFills.placeholder_${unit}`)}
        invalid={error !== undefined}
        onValue={(typed) => onText(sanitizeStopText(unit, typed, basis.precision, lang))}
        testId={inputTestId}
      />
    </TicketRow>
  );
}
