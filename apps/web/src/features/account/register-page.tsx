import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from 'antd-mobile';
import { PageHeader } from '../../ui/page-header.tsx';
import { PasswordField, TextField } from '../../ui/field.tsx';
import { useBasicInfo } from '../settings/basic-info.ts';
import { useSession } from '../session/session-store.ts';
import { CODE_PURPOSE, register } from './account-api.ts';
import {
  isValid,
  registrationTypes,
  RULE_VALUES,
  validateCode,
  validateNewPassword,
} from './account-rules.ts';
import { rememberArea } from './area-codes.ts';
import { CaptchaField } from './captcha.tsx';
import { RecipientFields } from './recipient-fields.tsx';
import { SendCodeButton } from './send-code-button.tsx';
import { useCodeRequest } from './use-code-request.ts';

interface Errors {
  code?: string | undefined;
  password?: string | undefined;
  confirmation?: string | undefined;
}

/** `/register?invite_code=…`: a real account by e-mail or mobile number, confirmed by a code. */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const basicInfo = useBasicInfo();
  const signIn = useSession((s) => s.signIn);
  const request = useCodeRequest(CODE_PURPOSE.register, registrationTypes(basicInfo.data));
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [inviteCode, setInviteCode] = useState(() => params.get('invite_code') ?? '');
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
      const result = await register({
        recipient: request.recipient,
        password,
        confirmation,
        code,
        inviteCode,
        captchaKey: request.captcha.captcha?.id,
      });
      if (request.type === 'mobile') rememberArea(request.recipient.areaId);
      signIn(result.token, result.user);
      void navigate('/', { replace: true });
    } catch {
      // The server's message is on screen already (the request layer's toast).
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page auth-page" data-testid="register-page">
      <PageHeader title={t('pages.register')} back />
      <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
        <div className="auth-intro">
          <h2 className="auth-intro__title">{t('account.registerTitle')}</h2>
          <p className="auth-intro__lead">{t('account.registerLead', RULE_VALUES)}</p>
        </div>

        <RecipientFields
          idPrefix="register"
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
        <CaptchaField id="register-captcha" state={request.captcha} error={request.errors.captcha} />
        <TextField
          id="register-code"
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
          id="register-password"
          label={t('account.password')}
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
          id="register-confirm"
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
        <TextField
          id="register-invite"
          label={t('account.inviteCodeOptional')}
          placeholder={t('account.inviteCodePlaceholder')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={16}
          ltr
          value={inviteCode}
          onValue={setInviteCode}
        />

        <Button
          block
          color="primary"
          size="large"
          type="submit"
          disabled={busy}
          className="auth-submit"
          data-testid="register-submit"
        >
          {t('account.registerAction')}
        </Button>
        <p className="auth-switch">
          {t('account.haveAccount')}{' '}
          <Link to="/login" replace>
            {t('account.loginAction')}
          </Link>
        </p>
      </form>
    </div>
  );
}
