/**
 * The form pieces the account screens share, so registration, recovery, password change and login
 * look and validate alike: the code field with its "Send code" button, the new password with its
 * confirmation and the recipient with its picture code (the submit button is ui/submit-button.tsx).
 */
import { useTranslation } from 'react-i18next';
import { PasswordField, TextField } from '../../ui/field.tsx';
import { RULE_VALUES } from './auth-rules.ts';
import { CaptchaField } from './captcha.tsx';
import { RecipientFields } from './recipient-fields.tsx';
import { SendCodeButton } from './send-code-button.tsx';
import type { useCodeRequest } from './use-code-request.ts';
import type { useNewPasswordForm } from './use-new-password-form.ts';

export function CodeField(props: {
  id: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
  /** Seconds until another code may be asked for; 0 when the button is ready. */
  left: number;
  onSend: () => Promise<void>;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      id={props.id}
      label={t('account.code')}
      placeholder={t('account.codePlaceholder', RULE_VALUES)}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      ltr
      value={props.value}
      onValue={props.onValue}
      error={props.error}
      end={<SendCodeButton left={props.left} onSend={props.onSend} />}
    />
  );
}

export function NewPasswordFields(props: {
  /** Ids are `<idPrefix>-password` (or `passwordId`) and `<idPrefix>-confirm`. */
  idPrefix: string;
  passwordId?: string;
  /** i18n key of the first field's label: "Password" on registration, "New password" elsewhere. */
  labelKey: string;
  password: string;
  confirmation: string;
  onPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
  errors?: { password?: string | undefined; confirmation?: string | undefined };
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        id={props.passwordId ?? `${props.idPrefix}-password`}
        label={t(props.labelKey)}
        placeholder={t('account.newPasswordPlaceholder', RULE_VALUES)}
        autoComplete="new-password"
        value={props.password}
        onValue={props.onPassword}
        error={props.errors?.password}
        hint={t('account.passwordHint', RULE_VALUES)}
      />
      <PasswordField
        id={`${props.idPrefix}-confirm`}
        label={t('account.confirmPassword')}
        placeholder={t('account.confirmPlaceholder')}
        autoComplete="new-password"
        value={props.confirmation}
        onValue={props.onConfirmation}
        error={props.errors?.confirmation}
      />
    </>
  );
}

/** Who the code goes to (e-mail, or a number with its area) and the picture code guarding it. */
export function VerifiedRecipientFields(props: {
  idPrefix: string;
  request: ReturnType<typeof useCodeRequest>;
}) {
  const { idPrefix, request } = props;
  return (
    <>
      <RecipientFields
        idPrefix={idPrefix}
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
      <CaptchaField id={`${idPrefix}-captcha`} state={request.captcha} error={request.errors.captcha} />
    </>
  );
}

/**
 * Registration and recovery: recipient and picture code, the code sent there, and the password to
 * set with its confirmation.
 */
export function CodeRequestForm(props: {
  idPrefix: string;
  passwordLabelKey: string;
  request: ReturnType<typeof useCodeRequest>;
  form: ReturnType<typeof useNewPasswordForm>;
}) {
  const { idPrefix, request, form } = props;
  return (
    <>
      <VerifiedRecipientFields idPrefix={idPrefix} request={request} />
      <CodeField
        id={`${idPrefix}-code`}
        value={form.code}
        onValue={form.onCode}
        error={form.errors.code}
        left={request.countdown.left}
        onSend={request.send}
      />
      <NewPasswordFields
        idPrefix={idPrefix}
        labelKey={props.passwordLabelKey}
        password={form.password}
        confirmation={form.confirmation}
        onPassword={form.onPassword}
        onConfirmation={form.onConfirmation}
        errors={form.errors}
      />
    </>
  );
}
