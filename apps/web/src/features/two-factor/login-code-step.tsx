/**
 * The login's second step, on the login screen once the password was right: the authenticator's
 * code (or a recovery code) opens the session. A wrong code is explained beside the field and
 * can be typed again; a lapsed step goes back to the password.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckShieldOutline } from 'antd-mobile-icons';
import type { LoginChallenge, LoginResult } from '@omp/protocol';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { emptyProof, ProofField, proofOf, type ProofInput } from './proof-field.tsx';
import { loginSecondStep, refusalText } from './two-factor-api.ts';

export function LoginCodeStep(props: {
  challenge: LoginChallenge;
  onSignedIn(result: LoginResult): void;
  /** Back to the password (another account, or the step lapsed). */
  onBack(): void;
}) {
  const { t } = useTranslation();
  const [input, setInput] = useState<ProofInput>(emptyProof);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const proof = proofOf(input);
    if ('problem' in proof) return setError(t(proof.problem));
    setBusy(true);
    try {
      props.onSignedIn(await loginSecondStep(props.challenge.challenge, proof));
    } catch (refusal) {
      setError(refusalText(refusal, t('twoFactor.codeInvalid')));
      setInput((typed) => ({ ...typed, value: '' }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="auth-form"
      noValidate
      onSubmit={(event) => void submit(event)}
      data-testid="login-code-step"
    >
      <div className="auth-intro two-factor-intro">
        <CheckShieldOutline className="two-factor-intro__icon" aria-hidden />
        <h2 className="auth-intro__title">{t('twoFactor.loginTitle')}</h2>
        <p className="auth-intro__lead">{t('twoFactor.loginLead')}</p>
      </div>
      <ProofField
        id="login-code"
        input={input}
        onInput={(next) => {
          setInput(next);
          setError(undefined);
        }}
        error={error}
        autoFocus
      />
      <SubmitButton busy={busy} testId="login-code-submit">
        {t('twoFactor.verify')}
      </SubmitButton>
      <button
        type="button"
        className="auth-link two-factor-back"
        onClick={props.onBack}
        data-testid="login-code-back"
      >
        {t('twoFactor.backToPassword')}
      </button>
    </form>
  );
}
