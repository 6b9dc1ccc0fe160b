/**
 * The code, new password and confirmation that registration and recovery both ask for, with their
 * per-field errors: typing in a field clears its error, `validate()` fills them all at once.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isValid, RULE_VALUES, validateCode, validateNewPassword } from './auth-rules.ts';

interface Errors {
  code?: string | undefined;
  password?: string | undefined;
  confirmation?: string | undefined;
}

export function useNewPasswordForm() {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const translate = (key: string | undefined) => (key ? t(key, RULE_VALUES) : undefined);
  const editing =
    (set: (value: string) => void, field: keyof Errors) =>
    (value: string): void => {
      set(value);
      setErrors((e) => ({ ...e, [field]: undefined }));
    };

  return {
    code,
    password,
    confirmation,
    errors,
    onCode: editing(setCode, 'code'),
    onPassword: editing(setPassword, 'password'),
    onConfirmation: editing(setConfirmation, 'confirmation'),
    /** Shows every field's problem; true when there is none. */
    validate(): boolean {
      const passwordErrors = validateNewPassword(password, confirmation);
      const next: Errors = {
        code: translate(validateCode(code)),
        password: translate(passwordErrors.password),
        confirmation: translate(passwordErrors.confirmation),
      };
      setErrors(next);
      return isValid(next);
    },
  };
}
