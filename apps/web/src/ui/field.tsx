import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';

type NativeInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id' | 'children'>;

export interface TextFieldProps extends NativeInputProps {
  id: string;
  label: string;
  value: string;
  onValue(value: string): void;
  /** Already translated; shown under the box and announced. */
  error?: string | undefined;
  hint?: ReactNode;
  /** Inside the box before the input (an area-code button). */
  start?: ReactNode;
  /** Inside the box after the input (show/hide, a captcha image, a send button). */
  end?: ReactNode;
  /** Keep e-mail addresses, numbers and codes left to right in right-to-left languages. */
  ltr?: boolean;
}

/** A labelled input with its error under it: large enough to tap, clear about what went wrong. */
export function TextField({
  id,
  label,
  value,
  onValue,
  error,
  hint,
  start,
  end,
  ltr,
  className,
  ...input
}: TextFieldProps) {
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return (
    <div className={`field ${error ? 'field--error' : ''} ${className ?? ''}`} data-testid={`field-${id}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__box">
        {start}
        <input
          id={id}
          className={`field__input ${ltr ? 'field__input--ltr' : ''}`}
          value={value}
          onChange={(event) => onValue(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          {...input}
        />
        {end}
      </div>
      {hint && !error && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'end' | 'ltr'>;

/** A password input with a show/hide switch. */
export function PasswordField(props: PasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      ltr
      end={
        <button
          type="button"
          className="field__icon-button"
          onClick={() => setVisible((v) => !v)}
          aria-label={t('account.showPassword')}
          aria-pressed={visible}
          aria-controls={props.id}
          data-testid={`${props.id}-toggle`}
        >
          {visible ? <EyeOutline /> : <EyeInvisibleOutline />}
        </button>
      }
    />
  );
}
