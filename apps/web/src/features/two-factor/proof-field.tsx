/**
 * The second step's input: the six digits the authenticator app shows, or (when the phone with
 * the app is lost) one of the recovery codes, switched by a link under the field.
 */
import { useTranslation } from 'react-i18next';
import { TextField } from '../../ui/field.tsx';
import type { Proof } from './two-factor-api.ts';

export interface ProofInput {
  recovery: boolean;
  value: string;
}

export const emptyProof: ProofInput = { recovery: false, value: '' };

/** The proof to send, or the key of what is wrong with what was typed. */
export function proofOf(input: ProofInput): Proof | { problem: string } {
  const value = input.value.trim();
  if (input.recovery)
    return value.replace(/[\s-]/g, '').length >= 10
      ? { recovery_code: value }
      : { problem: 'twoFactor.recoveryInvalid' };
  return /^\d{6}$/.test(value.replace(/\s/g, ''))
    ? { code: value.replace(/\s/g, '') }
    : { problem: 'twoFactor.codeInvalid' };
}

export function ProofField(props: {
  id: string;
  input: ProofInput;
  onInput(input: ProofInput): void;
  error?: string | undefined;
  /** Withdrawals take the app's code only. */
  allowRecovery?: boolean;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const { input, onInput } = props;
  return (
    <div className="proof-field">
      {input.recovery ? (
        <TextField
          id={props.id}
          label={t('twoFactor.recoveryLabel')}
          placeholder="xxxxx-xxxxx"
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          maxLength={32}
          ltr
          value={input.value}
          onValue={(value) => onInput({ recovery: true, value })}
          error={props.error}
          autoFocus={props.autoFocus}
        />
      ) : (
        <TextField
          id={props.id}
          label={t('twoFactor.codeLabel')}
          placeholder="123456"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          ltr
          className="proof-field__code"
          value={input.value}
          onValue={(value) => onInput({ recovery: false, value })}
          error={props.error}
          hint={t('twoFactor.codeHint')}
          autoFocus={props.autoFocus}
        />
      )}
      {props.allowRecovery !== false && (
        <button
          type="button"
          className="auth-link proof-field__switch"
          onClick={() => onInput({ recovery: !input.recovery, value: '' })}
          data-testid={`${props.id}-switch`}
        >
          {input.recovery ? t('twoFactor.useApp') : t('twoFactor.useRecovery')}
        </button>
      )}
    </div>
  );
}
