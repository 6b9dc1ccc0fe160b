import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { IdentifierType } from '@omp/protocol';
import { PageHeader } from '../../ui/page-header.tsx';
import { useBack } from '../../ui/use-back.ts';
import { amendPassword, sendOwnCode } from '../auth/auth-api.ts';
import { RULE_VALUES, validatePasswordChange } from '../auth/auth-rules.ts';
import { useCountdown } from '../auth/countdown.ts';
import { CodeField, NewPasswordFields } from '../auth/credential-fields.tsx';
import { PasswordField } from '../../ui/field.tsx';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { useSession } from '../session/session-store.ts';
import { maskEmail, maskMobile } from './mask.ts';
import { useUserInfo } from './use-user-info.ts';

/**
 * `/mine/password` (real accounts; the guard keeps demo users out): the current password, and a
 * new one confirmed by a code sent to the user's own e-mail or mobile. The server ends every session and answers with a
 * new token for this device, which replaces the old one.
 */
export function PasswordPage() {
  const { t } = useTranslation();
  const goBack = useBack('/user');
  const user = useUserInfo();
  const setToken = useSession((s) => s.setToken);
  const channels: IdentifierType[] = [
    ...(user?.email ? (['email'] as const) : []),
    ...(user?.mobile ? (['mobile'] as const) : []),
  ];
  const [chosen, setChosen] = useState<IdentifierType | undefined>(undefined);
  const channel: IdentifierType = chosen && channels.includes(chosen) ? chosen : (channels[0] ?? 'email');
  const countdown = useCountdown(`password:${user?.id ?? 0}:${channel}`);
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const address = (type: IdentifierType) =>
    type === 'email' ? maskEmail(user?.email ?? '') : maskMobile(user?.mobile ?? '');

  const send = async () => {
    await sendOwnCode(channel);
    countdown.start();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = validatePasswordChange({ current, password, confirmation, code });
    setError(problem ? t(problem, RULE_VALUES) : undefined);
    if (problem) return;
    setBusy(true);
    try {
      const { token } = await amendPassword({ current, password, confirmation, code, channel });
      // Every other session is gone; this device carries on with the new one.
      setToken(token);
      goBack();
    } catch {
      // The server's reason is on screen (toast).
    } finally {
      setBusy(false);
    }
  };

  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    setError(undefined);
  };

  return (
    <div className="page auth-page" data-testid="password-page">
      <PageHeader title={t('pages.password')} back />
      <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
        <div className="auth-intro">
          <p className="auth-intro__lead">{t('password.lead')}</p>
        </div>

        <PasswordField
          id="password-current"
          label={t('password.current')}
          autoComplete="current-password"
          value={current}
          onValue={edit(setCurrent)}
        />
        <NewPasswordFields
          idPrefix="password"
          passwordId="password-new"
          labelKey="account.newPassword"
          password={password}
          confirmation={confirmation}
          onPassword={edit(setPassword)}
          onConfirmation={edit(setConfirmation)}
        />

        {channels.length > 1 ? (
          <fieldset className="channel-choice">
            <legend className="field__label">{t('password.sendTo')}</legend>
            <div className="segmented" role="radiogroup" aria-label={t('password.sendTo')}>
              {channels.map((option) => (
                <button
                  key={option}
                  type="button"
                  role="radio"
                  aria-checked={channel === option}
                  className={`segmented__item ${channel === option ? 'is-active' : ''}`}
                  onClick={() => setChosen(option)}
                  data-testid={`channel-${option}`}
                >
                  {t(option === 'email' ? 'account.byEmail' : 'account.byMobile')}
                </button>
              ))}
            </div>
          </fieldset>
        ) : null}
        <p className="channel-address" data-testid="code-address">
          {t('password.codeGoesTo')} <bdi className="num">{address(channel)}</bdi>
        </p>

        <CodeField
          id="password-code"
          value={code}
          onValue={edit(setCode)}
          left={countdown.left}
          onSend={send}
        />

        {error && (
          <p className="form-error" role="alert" data-testid="password-error">
            {error}
          </p>
        )}

        <SubmitButton busy={busy} testId="password-submit">
          {t('password.submit')}
        </SubmitButton>
      </form>
    </div>
  );
}
