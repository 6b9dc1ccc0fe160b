/**
 * `/mine/contact` (real accounts): replaces the e-mail address or mobile number the user signs in
 * with. A code goes to the NEW address; the code and the password then make the change, and the
 * old address is told of it. An address another account uses is refused by the server with why.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { IdentifierType } from '@omp/protocol';
import { PageHeader } from '../../ui/page-header.tsx';
import { PasswordField } from '../../ui/field.tsx';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { useBack } from '../../ui/use-back.ts';
import { useAreaCodes } from '../auth/area-codes.ts';
import { validateCode, validateRecipient } from '../auth/auth-rules.ts';
import { useCountdown } from '../auth/countdown.ts';
import { CodeField } from '../auth/credential-fields.tsx';
import { RecipientFields } from '../auth/recipient-fields.tsx';
import { maskEmail, maskMobile } from '../user/mask.ts';
import { useUserInfo } from '../user/use-user-info.ts';
import { changeContact, sendContactCode } from './sessions-api.ts';

const TYPES: readonly IdentifierType[] = ['email', 'mobile'];

interface ContactErrors {
  account?: string | undefined;
  code?: string | undefined;
  password?: string | undefined;
}

export function ContactPage() {
  const { t } = useTranslation();
  const goBack = useBack('/user');
  const user = useUserInfo();
  const { areas, fallback } = useAreaCodes();
  const [type, setType] = useState<IdentifierType>('email');
  const [account, setAccount] = useState('');
  const [areaId, setAreaId] = useState<number | undefined>(undefined);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<ContactErrors>({});
  const [busy, setBusy] = useState(false);
  const area = areas.find((a) => a.id === areaId) ?? fallback;
  const countdown = useCountdown(`contact:${user?.id ?? 0}:${type}:${account.trim()}`);
  const contact = { type, to: account, areaId: area?.id };
  const current = type === 'email' ? maskEmail(user?.email ?? '') : maskMobile(user?.mobile ?? '');

  const send = async () => {
    const problem = validateRecipient(type, account, area?.id);
    setErrors((e) => ({ ...e, account: problem && t(problem) }));
    if (problem) throw new Error(problem);
    await sendContactCode(contact);
    countdown.start();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const accountProblem = validateRecipient(type, account, area?.id);
    const codeProblem = validateCode(code);
    const next = {
      account: accountProblem && t(accountProblem),
      code: codeProblem && t(codeProblem),
      password: password ? undefined : t('contactChange.passwordRequired'),
    };
    setErrors(next);
    if (next.account || next.code || next.password) return;
    setBusy(true);
    try {
      await changeContact({ ...contact, code, password });
      goBack();
    } catch {
      // The server's reason is on screen (toast).
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page auth-page" data-testid="contact-page">
      <PageHeader title={t('contactChange.title')} back />
      <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
        <div className="auth-intro">
          <p className="auth-intro__lead">{t('contactChange.lead')}</p>
        </div>
        <p className="channel-address" data-testid="contact-current">
          {current ? (
            <>
              {t('contactChange.current')} <bdi className="num">{current}</bdi>
            </>
          ) : (
            t('contactChange.noneYet')
          )}
        </p>
        <RecipientFields
          idPrefix="contact"
          types={TYPES}
          type={type}
          onType={(value) => {
            setType(value);
            setAccount('');
            setErrors({});
          }}
          account={account}
          onAccount={(value) => {
            setAccount(value);
            setErrors((e) => ({ ...e, account: undefined }));
          }}
          areas={areas}
          area={area}
          onArea={(picked) => setAreaId(picked.id)}
          error={errors.account}
        />
        <CodeField
          id="contact-code"
          value={code}
          onValue={(value) => {
            setCode(value);
            setErrors((e) => ({ ...e, code: undefined }));
          }}
          error={errors.code}
          left={countdown.left}
          onSend={send}
        />
        <PasswordField
          id="contact-password"
          label={t('contactChange.password')}
          autoComplete="current-password"
          value={password}
          onValue={(value) => {
            setPassword(value);
            setErrors((e) => ({ ...e, password: undefined }));
          }}
          error={errors.password}
        />
        <p className="channel-address">{t('contactChange.oldIsTold')}</p>
        <SubmitButton busy={busy} testId="contact-submit">
          {t('contactChange.submit')}
        </SubmitButton>
      </form>
    </div>
  );
}
