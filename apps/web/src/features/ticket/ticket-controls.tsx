/**
 * The inputs of the order ticket, each labelled and at least 44 px tall: the side tiles with their
 * live price, the market/pending switch, the lot stepper, the leverage choice and price fields.
 */
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AddOutline, CloseCircleFill, MinusOutline } from 'antd-mobile-icons';
import { PriceCell } from '../../ui/price-cell.tsx';
import { digitsAndPoint } from '../../lib/decimal-text.ts';
import { useSettings } from '../settings/settings-store.ts';
import type { Side } from './ticket-preview.ts';

export function SideTiles({
  side,
  bid,
  ask,
  precision,
  disabled,
  onPick,
}: {
  side: Side;
  bid: number;
  ask: number;
  precision: number;
  disabled: boolean;
  onPick(side: Side): void;
}) {
  const { t } = useTranslation();
  const tile = (which: Side, price: number) => (
    <button
      type="button"
      className={`side-tile side-tile--${which} ${side === which ? 'is-active' : ''}`}
      aria-pressed={side === which}
      disabled={disabled}
      onClick={() => onPick(which)}
      data-testid={`side-${which}`}
    >
      <span className="side-tile__label">{t(which === 'buy' ? 'trade.buy' : 'trade.sell')}</span>
      <PriceCell className="side-tile__price" value={price} precision={precision} />
      <span className="side-tile__caption">{t(which === 'buy' ? 'quote.ask' : 'quote.bid')}</span>
    </button>
  );
  return (
    <div className="side-tiles" role="group" aria-label={t('ticket.side')}>
      {tile('sell', bid)}
      {tile('buy', ask)}
    </div>
  );
}

export function Segmented<T extends string>({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange(value: T): void;
  testId: string;
}) {
  return (
    <div className="ticket-segmented" role="radiogroup" aria-label={label} data-testid={testId}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="radio"
          aria-checked={value === option.value}
          className={`ticket-segmented__button ${value === option.value ? 'is-active' : ''}`}
          onClick={() => onChange(option.value)}
          data-testid={`${testId}-${option.value}`}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

/** A labelled row of the ticket: the label above, the control, one line for a hint or an error. */
export function TicketRow({
  label,
  htmlFor,
  hint,
  error,
  children,
  testId,
  note = true,
}: {
  label: string;
  htmlFor?: string;
  hint?: ReactNode;
  error?: string | undefined;
  children: ReactNode;
  testId?: string;
  /** false: a row that never has a hint or error, so it reserves no line for one. */
  note?: boolean;
}) {
  const Label = htmlFor ? 'label' : 'span';
  return (
    <div className={`ticket-row ${error ? 'ticket-row--error' : ''}`} data-testid={testId}>
      <Label className="ticket-row__label" {...(htmlFor ? { htmlFor } : {})}>
        {label}
      </Label>
      {children}
      {/* Always one line tall, so a message appearing on a tick never pushes the form down. */}
      {note && (
        <p className="ticket-row__note" role={error ? 'alert' : undefined}>
          {error ?? hint ?? ' '}
        </p>
      )}
    </div>
  );
}

export function LotStepper({
  id,
  text,
  canDecrease,
  canIncrease,
  onText,
  onCommit,
  onStep,
}: {
  id: string;
  text: string;
  canDecrease: boolean;
  canIncrease: boolean;
  onText(text: string): void;
  onCommit(): void;
  onStep(direction: 1 | -1): void;
}) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  return (
    <div className="stepper">
      <button
        type="button"
        className="stepper__button"
        onClick={() => onStep(-1)}
        disabled={!canDecrease}
        aria-label={t('ticket.lotsLess')}
        aria-controls={id}
        data-testid="lots-minus"
      >
        <MinusOutline />
      </button>
      <input
        id={id}
        className="stepper__input num"
        inputMode="decimal"
        autoComplete="off"
        value={text}
        onChange={(event) => onText(digitsAndPoint(event.target.value, lang))}
        onBlur={onCommit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onCommit();
        }}
        data-testid="lots-input"
      />
      <button
        type="button"
        className="stepper__button"
        onClick={() => onStep(1)}
        disabled={!canIncrease}
        aria-label={t('ticket.lotsMore')}
        aria-controls={id}
        data-testid="lots-plus"
      >
        <AddOutline />
      </button>
    </div>
  );
}

export function LeveragePicker({
  options,
  value,
  onChange,
}: {
  options: readonly number[];
  value: number | undefined;
  onChange(value: number): void;
}) {
  const { t } = useTranslation();
  if (options.length === 0) {
    return (
      <p className="ticket-notice" role="alert" data-testid="leverage-missing">
        {t('ticket.leverageMissing')}
      </p>
    );
  }
  return (
    <div className="leverage-chips" role="radiogroup" aria-label={t('ticket.leverage')}>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          role="radio"
          aria-checked={value === option}
          className={`leverage-chip num ${value === option ? 'is-active' : ''}`}
          onClick={() => onChange(option)}
          data-testid={`leverage-${option}`}
        >
          1:{option}
        </button>
      ))}
    </div>
  );
}

/** A price box: decimal keyboard, the instrument's decimals, a clear button once filled. */
export function PriceInput({
  id,
  value,
  placeholder,
  invalid,
  onValue,
  testId,
}: {
  id: string;
  value: string;
  placeholder: string;
  invalid: boolean;
  onValue(text: string): void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={`price-input ${invalid ? 'price-input--error' : ''}`}>
      <input
        id={id}
        className="price-input__box num"
        inputMode="decimal"
        autoComplete="off"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={invalid || undefined}
        data-testid={testId}
      />
      {value !== '' && (
        <button
          type="button"
          className="price-input__clear"
          onClick={() => onValue('')}
          aria-label={t('ticket.clear')}
          aria-controls={id}
        >
          <CloseCircleFill />
        </button>
      )}
    </div>
  );
}

/** A unique id prefix per ticket, so two tickets (never shown at once, but kept alive) never clash. */
export function useFieldIds() {
  const base = useId();
  return {
    lots: `${base}-lots`,
    target: `${base}-target`,
    stopLoss: `${base}-sl`,
    takeProfit: `${base}-tp`,
    trailing: `${base}-trailing`,
  };
}
