/**
 * What the registration and forgotten-password forms share: who the code goes to (e-mail or a
 * number with its area), the picture code, the "Send code" call and its 60-second wait.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IdentifierType } from '@omp/protocol';
import { sendCode, type CodePurposeValue, type Recipient } from './auth-api.ts';
import { rememberArea, useAreaCodes, type LocalizedArea } from './area-codes.ts';
import { useCaptcha } from './captcha.tsx';
import { useCountdown } from './countdown.ts';
import { RULE_VALUES, validateCaptcha, validateRecipient } from './auth-rules.ts';

export interface CodeRequestErrors {
  recipient?: string | undefined;
  captcha?: string | undefined;
}

export function useCodeRequest(purpose: CodePurposeValue, types: readonly IdentifierType[]) {
  const { t } = useTranslation();
  const { areas, fallback } = useAreaCodes();
  const [chosenType, setChosenType] = useState<IdentifierType | undefined>(undefined);
  const type: IdentifierType =
    chosenType !== undefined && types.includes(chosenType) ? chosenType : (types[0] ?? 'email');
  const [account, setAccountValue] = useState('');
  const [areaId, setAreaId] = useState<number | undefined>(undefined);
  const area: LocalizedArea | undefined = areas.find((a) => a.id === areaId) ?? fallback;
  const captcha = useCaptcha();
  const [errors, setErrors] = useState<CodeRequestErrors>({});

  const recipient: Recipient = { type, account, areaId: type === 'mobile' ? area?.id : undefined };
  const scope = `${purpose}:${type}:${type === 'mobile' ? (area?.global_code ?? '') : ''}${account.trim().toLowerCase()}`;
  const countdown = useCountdown(scope);

  const checkRecipient = (): string | undefined => {
    const key = validateRecipient(type, account, recipient.areaId);
    return key ? t(key, RULE_VALUES) : undefined;
  };

  const send = async (): Promise<void> => {
    const recipientError = checkRecipient();
    const captchaKey = validateCaptcha(captcha.answer);
    const next: CodeRequestErrors = {
      recipient: recipientError,
      captcha: captchaKey ? t(captchaKey) : captcha.captcha ? undefined : t('account.captchaFailed'),
    };
    setErrors(next);
    if (next.recipient || next.captcha || !captcha.captcha) {
      if (!captcha.captcha) captcha.refresh();
      throw new Error('invalid');
    }
    try {
      await sendCode(recipient, purpose, { key: captcha.captcha.id, answer: captcha.answer });
      countdown.start();
      if (type === 'mobile') rememberArea(recipient.areaId);
    } finally {
      // The server uses a picture code up on every attempt, right or wrong.
      captcha.refresh();
    }
  };

  return {
    types,
    type,
    setType: (next: IdentifierType) => {
      setChosenType(next);
      setErrors((e) => ({ ...e, recipient: undefined }));
    },
    account,
    setAccount: (value: string) => {
      setAccountValue(value);
      setErrors((e) => ({ ...e, recipient: undefined }));
    },
    areas,
    area,
    setArea: (next: LocalizedArea) => {
      setAreaId(next.id);
      setErrors((e) => ({ ...e, recipient: undefined }));
    },
    captcha: {
      ...captcha,
      setAnswer: (value: string) => {
        captcha.setAnswer(value);
        setErrors((e) => ({ ...e, captcha: undefined }));
      },
    },
    errors,
    /** Validates the recipient for the final submit; the message shows under its field. */
    validateForSubmit(): boolean {
      const recipientError = checkRecipient();
      setErrors((e) => ({ ...e, recipient: recipientError }));
      return !recipientError;
    },
    recipient,
    countdown,
    send,
  };
}

export type CodeRequest = ReturnType<typeof useCodeRequest>;
