import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { RightOutline, UserCircleOutline } from 'antd-mobile-icons';
import type { LoginChallenge, LoginResult } from '@omp/protocol';
import { PageHeader } from '../../ui/page-header.tsx';
import { PasswordField, TextField } from '../../ui/field.tsx';
import { safeReturnPath } from '../../app/route-guard.ts';
import { useSession } from '../session/session-store.ts';
import { demoLogin, login } from './auth-api.ts';
import {
  isValid,
  loginIdentity,
  looksLikeNationalNumber,
  validateLogin,
  type LoginErrors,
} from './auth-rules.ts';
import { rememberArea, useAreaCodes } from './area-codes.ts';
import { AreaPicker } from './area-picker.tsx';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { useSending } from '../../lib/use-sending.ts';
import { LoginCodeStep } from '../two-factor/login-code-step.tsx';

/**
 * `/login?from=<path>`: e-mail or mobile number and password, or a demo account in one tap. An
 * account with two-step sign-in on then gives its authenticator code (LoginCodeStep).
 */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get('from'));
  const signIn = useSession((s) => s.signIn);
  const { areas, fallback } = useAreaCodes();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [areaId, setAreaId] = useState<number | undefined>(undefined);
  const [errors, setErrors] = useState<LoginErrors>({});
  const [challenge, setChallenge] = useState<LoginChallenge | undefined>();
  const { busy, send } = useSending();
  const area = areas.find((a) => a.id === areaId) ?? fallback;
  const showArea = looksLikeNationalNumber(account);

  const finish = (result: LoginResult) => {
    signIn(result.token, result.user);
    void navigate(returnTo, { replace: true });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const next = validateLogin({ account, password });
    setErrors(next);
    if (!isValid(next)) return;
    const identity = loginIdentity(account, area?.id);
    // A refusal (wrong password, locked for N minutes…) is on screen as a toast.
    await send(
      () => login({ account, password, ...identity }),
      (result) => {
        if (identity.areaId !== undefined) rememberArea(identity.areaId);
        if ('challenge' in result) setChallenge(result);
        else finish(result);
      },
    );
  };

  const tryDemo = () => send(demoLogin, finish);

  if (challenge)
    return (
      <div className="page auth-page" data-testid="login-page" data-return-to={returnTo}>
        <PageHeader title={t('pages.login')} back />
        <LoginCodeStep
          challenge={challenge}
          onSignedIn={finish}
          onBack={() => {
            setChallenge(undefined);
            setPassword('');
          }}
        />
      </div>
    );

  return (
    <div className="page auth-page" data-testid="login-page" data-return-to={returnTo}>
      <PageHeader title={t('pages.login')} back />
      <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
        <div className="auth-intro">
          <h2 className="auth-intro__title">{t('account.loginTitle')}</h2>
          <p className="auth-intro__lead">{t('account.loginLead')}</p>
        </div>

        <TextField
          id="login-account"
          label={t('account.account')}
          placeholder={t('account.accountPlaceholder')}
          type="text"
          autoComplete="username"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="next"
          ltr
          value={account}
          onValue={(value) => {
            setAccount(value);
            setErrors((e) => ({ ...e, account: undefined }));
          }}
          error={errors.account && t(errors.account)}
          start={
            showArea ? (
              <AreaPicker id="login-account" areas={areas} value={area} onChange={(a) => setAreaId(a.id)} />
            ) : undefined
          }
        />
        <PasswordField
          id="login-password"
          label={t('account.password')}
          placeholder={t('account.passwordPlaceholder')}
          autoComplete="current-password"
          enterKeyHint="go"
          value={password}
          onValue={(value) => {
            setPassword(value);
            setErrors((e) => ({ ...e, password: undefined }));
          }}
          error={errors.password && t(errors.password)}
        />
        <div className="auth-row-end">
          <Link to="/forgot" className="auth-link" data-testid="forgot-link">
            {t('account.forgotLink')}
          </Link>
        </div>

        <SubmitButton busy={busy} testId="login-submit">
          {t('account.loginAction')}
        </SubmitButton>
        <p className="auth-switch">
          {t('account.noAccount')}{' '}
          <Link to="/register" data-testid="register-link">
            {t('account.registerAction')}
          </Link>
        </p>

        <div className="auth-divider" role="presentation">
          <span>{t('account.or')}</span>
        </div>

        <button
          type="button"
          className="demo-button"
          onClick={() => void tryDemo()}
          disabled={busy}
          data-testid="demo-login"
        >
          <UserCircleOutline className="demo-button__icon" aria-hidden />
          <span className="demo-button__text">
            <span className="demo-button__title">{t('account.demoAction')}</span>
            <span className="demo-button__note">{t('account.demoNote')}</span>
          </span>
          <RightOutline className="demo-button__arrow flip-rtl" aria-hidden />
        </button>
      </form>
    </div>
  );
}
