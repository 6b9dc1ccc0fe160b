import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from 'antd-mobile';
import { PageHeader } from '../../ui/page-header.tsx';
import { PasswordField, TextField } from '../../ui/field.tsx';
import { useBasicInfo } from '../settings/basic-info.ts';
import { CODE_PURPOSE, resetForgottenPassword } from './account-api.ts';
import { isValid, recoveryTypes, RULE_VALUES, validateCode, validateNewPassword } from './account-rules.ts';
import { CaptchaField } from './captcha.tsx';
import { RecipientFields } from './recipient-fields.tsx';
import { SendCodeButton } from './send-code-button.tsx';
import { useCodeRequest } from './use-code-request.ts';

interface Errors {
  code?: string | undefined;
  password?: string | undefined;
  confirmation?: string | undefined;
}

/** `/forgot`: a code to the account's e-mail or number, then a new password; back to /login. */
export function ForgotPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const basicInfo = useBasicInfo();
  const request = useCodeRequest(CODE_PURPOSE.reset, recoveryTypes(basicInfo.data));
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const translate = (key: string | undefined) => (key ? t(key, RULE_VALUES) : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const recipientOk = request.validateForSubmit();
    const passwordErrors = validateNewPassword(password, confirmation);
    const next: Errors = {
      code: translate(validateCode(code)),
      password: translate(passwordErrors.password),
      confirmation: translate(passwordErrors.confirmation),
    };
    setErrors(next);
    if (!recipientOk || !isValid(next)) return;
    setBusy(true);
    try {
      // The server's "Password reset. Please log in…" shows as the success toast.
      await resetForgottenPassword({ recipient: request.recipient, password, confirmation, code });
      void navigate('/login', { replace: true });
    } catch {
      // The request layer showed the server's reason.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page auth-page" data-testid="forgot-page">
      <PageHeader title={t('pages.forgot')} back />
      <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
        <div className="auth-intro">
          <h2 className="auth-intro__title">{t('account.forgotTitle')}</h2>
          <p className="auth-intro__lead">{t('account.forgotLead')}</p>
        </div>

        <RecipientFields
          idPrefix="forgot"
          types={request.types}
          type={request.type}
          onType={request.setType}
          account={request.account}
          onAccount={request.setAccount}
          areas={request.areas}
          area={request.area}
          onArea={request.setArea}
          error={request.errors.recipient}
        />
        <CaptchaField id="forgot-captcha" state={request.captcha} error={request.errors.captcha} />
        <TextField
          id="forgot-code"
          label={t('account.code')}
          placeholder={t('account.codePlaceholder', RULE_VALUES)}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          ltr
          value={code}
          onValue={(value) => {
            setCode(value);
            setErrors((e) => ({ ...e, code: undefined }));
          }}
          error={errors.code}
          end={<SendCodeButton left={request.countdown.left} onSend={request.send} />}
        />
        <PasswordField
          id="forgot-password"
          label={t('account.newPassword')}
          placeholder={t('account.newPasswordPlaceholder', RULE_VALUES)}
          autoComplete="new-password"
          value={password}
          onValue={(value) => {
            setPassword(value);
            setErrors((e) => ({ ...e, password: undefined }));
          }}
          error={errors.password}
          hint={t('account.passwordHint', RULE_VALUES)}
        />
        <PasswordField
          id="forgot-confirm"
          label={t('account.confirmPassword')}
          placeholder={t('account.confirmPlaceholder')}
          autoComplete="new-password"
          value={confirmation}
          onValue={(value) => {
            setConfirmation(value);
            setErrors((e) => ({ ...e, confirmation: undefined }));
          }}
          error={errors.confirmation}
        />

        <Button
          block
          color="primary"
          size="large"
          type="submit"
          disabled={busy}
          className="auth-submit"
          data-testid="forgot-submit"
        >
          {t('account.resetAction')}
        </Button>
      </form>
    </div>
  );
}
