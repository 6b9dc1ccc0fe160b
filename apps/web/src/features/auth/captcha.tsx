import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoopOutline } from 'antd-mobile-icons';
import { TextField } from '../../ui/field.tsx';
import { isAbortError } from '../../lib/api.ts';
import { fetchCaptcha, type Captcha } from './auth-api.ts';

export interface CaptchaState {
  captcha: Captcha | undefined;
  failed: boolean;
  answer: string;
  setAnswer(value: string): void;
  /** A new picture and an empty answer: every send attempt uses the old one up. */
  refresh(): void;
}

/** The picture code that guards every code a visitor asks for (single use, 5 minutes). */
export function useCaptcha(): CaptchaState {
  const [captcha, setCaptcha] = useState<Captcha | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const [answer, setAnswer] = useState('');
  const controller = useRef<AbortController | null>(null);

  const refresh = useCallback(() => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setAnswer('');
    setFailed(false);
    fetchCaptcha(current.signal).then(
      (next) => {
        if (!current.signal.aborted) setCaptcha(next);
      },
      (error: unknown) => {
        if (!isAbortError(error) && !current.signal.aborted) {
          setCaptcha(undefined);
          setFailed(true);
        }
      },
    );
  }, []);

  useEffect(() => {
    refresh();
    return () => controller.current?.abort();
  }, [refresh]);

  return { captcha, failed, answer, setAnswer, refresh };
}

/** The answer input with the picture beside it; tapping the picture draws a new one. */
export function CaptchaField({
  state,
  error,
  id,
}: {
  state: CaptchaState;
  error?: string | undefined;
  id: string;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      id={id}
      label={t('account.captcha')}
      placeholder={t('account.captchaPlaceholder')}
      value={state.answer}
      onValue={state.setAnswer}
      error={error}
      maxLength={8}
      autoComplete="off"
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      enterKeyHint="next"
      ltr
      end={
        <button
          type="button"
          className="captcha-image"
          onClick={state.refresh}
          aria-label={t('account.captchaRefresh')}
          data-testid={`${id}-refresh`}
        >
          {state.captcha ? (
            <img src={state.captcha.b64s} alt="" width={96} height={36} />
          ) : (
            <span className="captcha-image__placeholder">
              <LoopOutline aria-hidden />
              {state.failed && <span>{t('account.captchaRetry')}</span>}
            </span>
          )}
        </button>
      }
    />
  );
}
