/**
 * `/mine/two-factor` (real accounts): two-step sign-in with an authenticator app. Off, it explains
 * what it protects and starts the enrolment (enrolment-steps.tsx); on, it says since when and how
 * many recovery codes are left, and turns off with the password and a current code.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'antd-mobile';
import { CheckShieldOutline } from 'antd-mobile-icons';
import type { TwoFactorEnrolment, TwoFactorStatus } from '@omp/protocol';
import { PageHeader } from '../../ui/page-header.tsx';
import { PasswordField } from '../../ui/field.tsx';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useSettings } from '../settings/settings-store.ts';
import { RecoveryCodesStep, ScanStep } from './enrolment-steps.tsx';
import { ProofField } from './proof-field.tsx';
import { emptyProof, proofOf, type ProofInput } from './proof-rules.ts';
import { disableTwoFactor, refusalText, startEnrolment, useTwoFactorStatus } from './two-factor-api.ts';

type Stage =
  { kind: 'status' } | { kind: 'scan'; enrolment: TwoFactorEnrolment } | { kind: 'codes'; codes: string[] };

export function TwoFactorPage() {
  const { t } = useTranslation();
  const status = useTwoFactorStatus();
  const [stage, setStage] = useState<Stage>({ kind: 'status' });

  const begin = async () => {
    try {
      setStage({ kind: 'scan', enrolment: await startEnrolment() });
    } catch {
      // The request layer has shown the server's reason.
    }
  };

  let body;
  if (stage.kind === 'scan')
    body = (
      <ScanStep enrolment={stage.enrolment} onEnrolled={(codes) => setStage({ kind: 'codes', codes })} />
    );
  else if (stage.kind === 'codes')
    body = <RecoveryCodesStep codes={stage.codes} onDone={() => setStage({ kind: 'status' })} />;
  else if (!status.data) body = <StatusSkeleton label={t('twoFactor.title')} />;
  else if (status.data.enabled === 1) body = <EnabledView status={status.data} />;
  else body = <OffView onStart={() => void begin()} />;

  return (
    <div className="page two-factor-page" data-testid="two-factor-page">
      <PageHeader title={t('twoFactor.title')} back />
      <div className="two-factor-body">{body}</div>
    </div>
  );
}

function StatusSkeleton({ label }: { label: string }) {
  return (
    <div className="two-factor-card" role="status" aria-busy="true" aria-label={label} data-testid="skeleton">
      <span className="skeleton skeleton--circle" />
      <span className="skeleton skeleton--line" style={{ width: '70%' }} />
      <span className="skeleton skeleton--line skeleton--thin" style={{ width: '90%' }} />
      <span className="skeleton skeleton--line skeleton--thin" style={{ width: '60%' }} />
    </div>
  );
}

function OffView({ onStart }: { onStart(): void }) {
  const { t } = useTranslation();
  return (
    <div className="two-factor-card" data-testid="two-factor-off">
      <CheckShieldOutline className="two-factor-card__icon" aria-hidden />
      <h2 className="two-factor-card__title">{t('twoFactor.offTitle')}</h2>
      <p className="two-factor-card__lead">{t('twoFactor.offLead')}</p>
      <ul className="two-factor-points">
        <li>{t('twoFactor.pointLogin')}</li>
        <li>{t('twoFactor.pointWithdraw')}</li>
        <li>{t('twoFactor.pointApps')}</li>
      </ul>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onStart();
        }}
      >
        <SubmitButton busy={false} testId="two-factor-start">
          {t('twoFactor.start')}
        </SubmitButton>
      </form>
    </div>
  );
}

function EnabledView({ status }: { status: TwoFactorStatus }) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  const [password, setPassword] = useState('');
  const [input, setInput] = useState<ProofInput>(emptyProof);
  const [errors, setErrors] = useState<{
    password?: string | undefined;
    proof?: string | undefined;
    refusal?: string | undefined;
  }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const proof = proofOf(input);
    const next = {
      ...(password ? {} : { password: t('twoFactor.passwordNeeded') }),
      ...('problem' in proof ? { proof: t(proof.problem) } : {}),
    };
    setErrors(next);
    if ('problem' in proof || !password) return;
    setBusy(true);
    try {
      await disableTwoFactor(password, proof);
    } catch (refusal) {
      // A wrong password or a wrong code: the server's words say which.
      setErrors({ refusal: refusalText(refusal, t('twoFactor.codeInvalid')) });
      setInput((typed) => ({ ...typed, value: '' }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <div className="two-factor-card" data-testid="two-factor-on">
        <CheckShieldOutline className="two-factor-card__icon two-factor-card__icon--on" aria-hidden />
        <h2 className="two-factor-card__title">{t('twoFactor.onTitle')}</h2>
        <p className="two-factor-card__lead">{t('twoFactor.onLead')}</p>
        <dl className="figure-list">
          {status.enrolled_at !== null && (
            <div>
              <dt>{t('twoFactor.since')}</dt>
              <dd className="num">{formatDateTime(status.enrolled_at, lang)}</dd>
            </div>
          )}
          <div>
            <dt>{t('twoFactor.codesLeft')}</dt>
            <dd className="num" data-testid="recovery-codes-left">
              {status.recovery_codes_left}
            </dd>
          </div>
        </dl>
      </div>
      <form
        className="two-factor-card"
        noValidate
        onSubmit={(event) => void submit(event)}
        data-testid="two-factor-disable"
      >
        <h2 className="two-factor-card__title">{t('twoFactor.turnOffTitle')}</h2>
        <p className="two-factor-card__lead">{t('twoFactor.turnOffLead')}</p>
        <PasswordField
          id="disable-password"
          label={t('account.password')}
          placeholder={t('account.passwordPlaceholder')}
          autoComplete="current-password"
          value={password}
          onValue={(value) => {
            setPassword(value);
            setErrors((e) => ({ ...e, password: undefined, refusal: undefined }));
          }}
          error={errors.password}
        />
        <ProofField
          id="disable-code"
          input={input}
          onInput={(next) => {
            setInput(next);
            setErrors((e) => ({ ...e, proof: undefined, refusal: undefined }));
          }}
          error={errors.proof}
        />
        {errors.refusal && (
          <p className="field__error two-factor-refusal" role="alert" data-testid="two-factor-refusal">
            {errors.refusal}
          </p>
        )}
        <Button
          block
          color="danger"
          size="large"
          type="submit"
          disabled={busy}
          className="auth-submit"
          data-testid="two-factor-turn-off"
        >
          {t('twoFactor.turnOff')}
        </Button>
      </form>
    </>
  );
}
