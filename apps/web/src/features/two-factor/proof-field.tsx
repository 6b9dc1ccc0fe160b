/**
 * The second step's input: the six digits the authenticator app shows, or (when the phone with
 * the app is lost) one of the recovery codes, switched by a link under the field.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../ui/field.tsx';
import { refusalText, type Proof } from './two-factor-api.ts';
import { emptyProof, proofOf, type ProofInput } from './proof-rules.ts';

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
      <TextField
        id={props.id}
        className={input.recovery ? undefined : 'proof-field__code'}
        label={input.recovery ? t('twoFactor.recoveryLabel') : t('twoFactor.codeLabel')}
        placeholder={input.recovery ? 'xxxxx-xxxxx' : '123456'}
        inputMode={input.recovery ? 'text' : 'numeric'}
        autoComplete={input.recovery ? 'off' : 'one-time-code'}
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        maxLength={input.recovery ? 32 : 7}
        ltr
        value={input.value}
        onValue={(value) => onInput({ recovery: input.recovery, value })}
        error={props.error}
        hint={input.recovery ? undefined : t('twoFactor.codeHint')}
        autoFocus={props.autoFocus}
      />
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

/**
 * A form around a ProofField: what was typed is checked, then sent once at a time; the server's
 * refusal (a wrong or used code) is shown beside the field, which is emptied for the next try.
 */
export function useProofForm(send: (proof: Proof) => Promise<unknown>) {
  const { t } = useTranslation();
  const [input, setInput] = useState<ProofInput>(emptyProof);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    const proof = proofOf(input);
    if ('problem' in proof) return setError(t(proof.problem));
    setBusy(true);
    try {
      await send(proof);
    } catch (refusal) {
      setError(refusalText(refusal, t('twoFactor.codeInvalid')));
      setInput((typed) => ({ ...typed, value: '' }));
    } finally {
      setBusy(false);
    }
  };
  const onInput = (next: ProofInput) => {
    setInput(next);
    setError(undefined);
  };
  return { input, onInput, error, busy, submit };
}
