/**
 * The login's second step, on the login screen once the password was right: the authenticator's
 * code (or a recovery code) opens the session. A wrong code is explained beside the field and
 * can be typed again; a lapsed step goes back to the password.
 */
import { useTranslation } from 'react-i18next';
import { CheckShieldOutline } from 'antd-mobile-icons';
import type { LoginChallenge, LoginResult } from '@omp/protocol';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { ProofField, useProofForm } from './proof-field.tsx';
import { loginSecondStep } from './two-factor-api.ts';

export function LoginCodeStep(props: {
  challenge: LoginChallenge;
  onSignedIn(result: LoginResult): void;
  /** Back to the password (another account, or the step lapsed). */
  onBack(): void;
}) {
  const { t } = useTranslation();
  const form = useProofForm(async (proof) =>
    props.onSignedIn(await loginSecondStep(props.challenge.challenge, proof)),
  );

  return (
    <form
      className="auth-form"
      noValidate
      onSubmit={(event) => void form.submit(event)}
      data-testid="login-code-step"
    >
      <div className="auth-intro two-factor-intro">
        <CheckShieldOutline className="two-factor-intro__icon" aria-hidden />
        <h2 className="auth-intro__title">{t('twoFactor.loginTitle')}</h2>
        <p className="auth-intro__lead">{t('twoFactor.loginLead')}</p>
      </div>
      <ProofField id="login-code" input={form.input} onInput={form.onInput} error={form.error} autoFocus />
      <SubmitButton busy={form.busy} testId="login-code-submit">
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
