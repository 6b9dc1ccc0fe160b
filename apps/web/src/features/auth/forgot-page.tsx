import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../ui/page-header.tsx';
import { useBasicInfo } from '../settings/basic-info.ts';
import { CODE_PURPOSE, resetForgottenPassword } from './auth-api.ts';
import { recoveryTypes } from './auth-rules.ts';
import { CodeRequestForm } from './credential-fields.tsx';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { useCodeRequest } from './use-code-request.ts';
import { useNewPasswordForm } from './use-new-password-form.ts';
import { useSending } from '../../lib/use-sending.ts';

/** `/forgot`: a code to the account's e-mail or number, then a new password; back to /login. */
export function ForgotPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const basicInfo = useBasicInfo();
  const request = useCodeRequest(CODE_PURPOSE.reset, recoveryTypes(basicInfo.data));
  const form = useNewPasswordForm();
  const { busy, send } = useSending();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const recipientOk = request.validateForSubmit();
    if (!form.validate() || !recipientOk) return;
    // The server's "Password reset. Please log in…" shows as the success toast.
    const { password, confirmation, code } = form;
    await send(
      () => resetForgottenPassword({ recipient: request.recipient, password, confirmation, code }),
      () => void navigate('/login', { replace: true }),
    );
  };

  return (
    <div className="page auth-page" data-testid="forgot-page">
      <PageHeader title={t('pages.forgot')} back />
      <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
        <div className="auth-intro">
          <h2 className="auth-intro__title">{t('account.forgotTitle')}</h2>
          <p className="auth-intro__lead">{t('account.forgotLead')}</p>
        </div>

        <CodeRequestForm
          idPrefix="forgot"
          passwordLabelKey="account.newPassword"
          request={request}
          form={form}
        />

        <SubmitButton busy={busy} testId="forgot-submit">
          {t('account.resetAction')}
        </SubmitButton>
      </form>
    </div>
  );
}
