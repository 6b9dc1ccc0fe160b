/**
 * Turning two-step sign-in on: scan the QR code (or type the key) into an authenticator app,
 * confirm with its first code, then the ten recovery codes, shown this once, which the user
 * must say they saved before leaving.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox } from 'antd-mobile';
import { QRCodeSVG } from 'qrcode.react';
import type { TwoFactorEnrolment } from '@omp/protocol';
import { PasswordField } from '../../ui/field.tsx';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { CopyButton } from '../money/copy-button.tsx';
import { confirmEnrolment } from './two-factor-api.ts';
import { ProofField, useProofForm } from './proof-field.tsx';
import { groupedSecret } from './proof-rules.ts';

const QR_SIZE = 184;

export function ScanStep(props: { enrolment: TwoFactorEnrolment; onEnrolled(codes: string[]): void }) {
  const { t } = useTranslation();
  const { secret, otpauth_url } = props.enrolment;
  // The password too, as turning it off asks: a session alone (a phone left open) does not turn it on.
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  // The first code must come from the app: a recovery code does not exist yet.
  const form = useProofForm(async (proof) => {
    if (!password) return setPasswordError(t('twoFactor.passwordNeeded'));
    if ('code' in proof) props.onEnrolled(await confirmEnrolment(password, proof.code));
  });

  return (
    <form
      className="two-factor-card"
      noValidate
      onSubmit={(event) => void form.submit(event)}
      data-testid="two-factor-scan"
    >
      <p className="two-factor-step">
        <span className="two-factor-step__n num">1</span>
        {t('twoFactor.scanStep')}
      </p>
      <div className="two-factor-qr" data-testid="two-factor-qr">
        <QRCodeSVG value={otpauth_url} size={QR_SIZE} marginSize={2} title={t('twoFactor.qrLabel')} />
      </div>
      <span className="field__label">{t('twoFactor.keyLabel')}</span>
      <div className="copy-row">
        <p className="copy-row__text two-factor-key" dir="ltr" data-testid="two-factor-secret">
          {groupedSecret(secret)}
        </p>
        <CopyButton text={secret} testId="copy-secret" />
      </div>
      <p className="two-factor-step">
        <span className="two-factor-step__n num">2</span>
        {t('twoFactor.confirmStep')}
      </p>
      <PasswordField
        id="enrol-password"
        label={t('account.password')}
        placeholder={t('account.passwordPlaceholder')}
        autoComplete="current-password"
        value={password}
        onValue={(value) => {
          setPassword(value);
          setPasswordError(undefined);
        }}
        error={passwordError}
      />
      <ProofField
        id="enrol-code"
        input={form.input}
        onInput={form.onInput}
        error={form.error}
        allowRecovery={false}
      />
      <SubmitButton busy={form.busy} testId="enrol-confirm">
        {t('twoFactor.turnOn')}
      </SubmitButton>
    </form>
  );
}

export function RecoveryCodesStep(props: { codes: readonly string[]; onDone(): void }) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState(false);
  return (
    <div className="two-factor-card" data-testid="recovery-codes-step">
      <h2 className="two-factor-card__title">{t('twoFactor.codesTitle')}</h2>
      <p className="two-factor-card__lead">{t('twoFactor.codesLead')}</p>
      <ol className="recovery-codes" dir="ltr" data-testid="recovery-codes">
        {props.codes.map((code) => (
          <li key={code} className="recovery-codes__code num">
            {code}
          </li>
        ))}
      </ol>
      <div className="two-factor-row-end">
        <CopyButton text={props.codes.join('\n')} testId="copy-recovery-codes" />
      </div>
      <p className="two-factor-warning">{t('twoFactor.codesOnce')}</p>
      <Checkbox checked={saved} onChange={setSaved} className="two-factor-ack" data-testid="codes-saved">
        {t('twoFactor.codesSaved')}
      </Checkbox>
      <Button
        block
        color="primary"
        size="large"
        className="auth-submit"
        disabled={!saved}
        onClick={props.onDone}
        data-testid="codes-done"
      >
        {t('twoFactor.done')}
      </Button>
    </div>
  );
}
