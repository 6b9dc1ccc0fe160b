import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../ui/page-header.tsx';
import { TextField } from '../../ui/field.tsx';
import { useBasicInfo } from '../settings/basic-info.ts';
import { useSession } from '../session/session-store.ts';
import { CODE_PURPOSE, register } from './auth-api.ts';
import { registrationTypes, RULE_VALUES } from './auth-rules.ts';
import { rememberArea } from './area-codes.ts';
import { CodeRequestForm } from './credential-fields.tsx';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { useCodeRequest } from './use-code-request.ts';
import { useNewPasswordForm } from './use-new-password-form.ts';
import { useSending } from '../../lib/use-sending.ts';
import { RiskWarningBlock } from '../risk/risk-warning-text.tsx';

/** `/register?invite_code=…`: a real account by e-mail or mobile number, confirmed by a code. */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const basicInfo = useBasicInfo();
  const signIn = useSession((s) => s.signIn);
  const request = useCodeRequest(CODE_PURPOSE.register, registrationTypes(basicInfo.data));
  const form = useNewPasswordForm();
  const [inviteCode, setInviteCode] = useState(() => params.get('invite_code') ?? '');
  const { busy, send } = useSending();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const recipientOk = request.validateForSubmit();
    if (!form.validate() || !recipientOk) return;
    await send(
      () =>
        register({
          recipient: request.recipient,
          password: form.password,
          confirmation: form.confirmation,
          code: form.code,
          inviteCode,
          captchaKey: request.captcha.captcha?.id,
        }),
      (result) => {
        if (request.type === 'mobile') rememberArea(request.recipient.areaId);
        signIn(result.token, result.user);
        void navigate('/', { replace: true });
      },
    );
  };

  return (
    <div className="page auth-page" data-testid="register-page">
      <PageHeader title={t('pages.register')} back />
      <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
        <div className="auth-intro">
          <h2 className="auth-intro__title">{t('account.registerTitle')}</h2>
          <p className="auth-intro__lead">{t('account.registerLead', RULE_VALUES)}</p>
        </div>

        <CodeRequestForm
          idPrefix="register"
          passwordLabelKey="account.password"
          request={request}
          form={form}
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

        <RiskWarningBlock />
        <SubmitButton busy={busy} testId="register-submit">
          {t('account.registerAction')}
        </SubmitButton>
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
