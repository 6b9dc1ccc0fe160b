import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface SendCodeButtonProps {
  /** Seconds until another code may be asked for (0: now). */
  left: number;
  /** Resolves when the server said "sent"; rejects on refusal (the request layer shows why). */
  onSend(): Promise<void>;
  testId?: string;
}

/** "Send code", then "Resend in 59 s" once the server has sent it (docs/CONTRACT.md "Verification codes"). */
export function SendCodeButton({ left, onSend, testId = 'send-code' }: SendCodeButtonProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const waiting = left > 0;

  const send = async () => {
    if (busy || waiting) return;
    setBusy(true);
    try {
      await onSend();
    } catch {
      // Refused or unreachable: the request layer showed the message; the button is free again.
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className="send-code"
      onClick={() => void send()}
      disabled={busy || waiting}
      data-testid={testId}
    >
      {waiting ? t('account.resendIn', { seconds: left }) : t('account.sendCode')}
    </button>
  );
}
