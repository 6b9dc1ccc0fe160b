import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../ui/field.tsx';
import type { AmountProblem } from './money-figures.ts';

/** An amount (USD unless told its currency): decimal keyboard, figures left to right, the unit inside the box. */
export function AmountField({
  id,
  label,
  unit = 'USD',
  value,
  onValue,
  error,
  hint,
  end,
}: {
  id: string;
  label: string;
  unit?: string;
  value: string;
  onValue(value: string): void;
  error?: string | undefined;
  hint?: ReactNode;
  end?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      id={id}
      label={label}
      value={value}
      // Kept as typed, in the language's separators: the page reads it with `typedDecimal`.
      onValue={onValue}
      error={error}
      hint={hint}
      inputMode="decimal"
      autoComplete="off"
      maxLength={20}
      className="amount-field"
      ltr
      end={
        <>
          <span className="amount-field__unit">{unit}</span>
          {end}
        </>
      }
      placeholder={t('money.amountPlaceholder')}
    />
  );
}

/** The sentence for an amount the checks refused. */
export function amountProblemText(
  t: TFunction,
  problem: AmountProblem | 'below_min' | 'above_free',
  min?: string,
): string {
  return t(`money.amountProblems.${problem}`, { min });
}
