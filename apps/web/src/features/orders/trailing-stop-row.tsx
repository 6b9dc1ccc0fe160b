/**
 * The trailing-stop field of the order ticket and of the stops editor: a distance in pips, with a
 * hint saying what it does (the stop loss follows the price and never moves back) and, once too
 * wide for the price, the widest it may be.
 */
import { useTranslation } from 'react-i18next';
import { formatPips } from '../../lib/format.ts';
import { useSettings } from '../settings/settings-store.ts';
import { PriceInput, TicketRow } from '../ticket/ticket-controls.tsx';
import { pipDecimalsOf, sanitizePipsText, trailingTooFar } from './trailing-rules.ts';

export function TrailingStopRow({
  id,
  value,
  onValue,
  precision,
  referencePrice,
  testId,
}: {
  id: string;
  value: string;
  onValue(text: string): void;
  precision: number;
  /** The price the distance is measured from now: the closing price, or a pending order's target. */
  referencePrice: number;
  testId: string;
}) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  const max = trailingTooFar(value, precision, referencePrice);
  const error =
    max === undefined
      ? undefined
      : t('trailing.tooFar', { max: formatPips(max, pipDecimalsOf(precision), lang) });
  return (
    <div className="ticket-stops__wide">
      <TicketRow
        label={t('trailing.label')}
        htmlFor={id}
        hint={t('trailing.hint')}
        error={error}
        testId={`${testId}-row`}
      >
        <PriceInput
          id={id}
          value={value}
          placeholder={t('trailing.none')}
          invalid={error !== undefined}
          onValue={(text) => onValue(sanitizePipsText(text, precision, lang))}
          testId={testId}
        />
      </TicketRow>
    </div>
  );
}
