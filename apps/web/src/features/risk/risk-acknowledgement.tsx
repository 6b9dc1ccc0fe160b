/**
 * The one-time acknowledgement of the risk warning before a real account's first order. The answer
 * is kept on the server (POST /api/risk/acknowledge), so the same user is not asked again on
 * another phone; demo accounts are never asked (the ticket's line warns them). Until the server says
 * the user acknowledged, the question is asked: a warning that failed to load is no consent.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubmitOrderBody } from '@omp/protocol';
import { BottomSheet, SheetActions, SheetHeader } from '../../ui/bottom-sheet.tsx';
import { isDemoUser, isSignedIn, useSession } from '../session/session-store.ts';
import { acknowledgeRiskWarning } from './risk-api.ts';
import { RiskFigureNote, useRiskWarningText } from './risk-warning-text.tsx';

/**
 * `ask(body)` is true when the order must wait for the acknowledgement (the sheet then shows);
 * accepting records it and hands the order to `proceed`.
 */
export function useRiskAcknowledgement(proceed: (body: SubmitOrderBody) => void) {
  const { t } = useTranslation();
  const { text, warning } = useRiskWarningText();
  const realUser = useSession((s) => isSignedIn(s) && !isDemoUser(s));
  const [waiting, setWaiting] = useState<SubmitOrderBody>();
  const [busy, setBusy] = useState(false);

  const ask = (body: SubmitOrderBody): boolean => {
    if (!realUser || warning?.acknowledged === true) return false;
    setWaiting(body);
    return true;
  };

  const accept = async () => {
    const body = waiting;
    setBusy(true);
    try {
      await acknowledgeRiskWarning();
      setWaiting(undefined);
      if (body) proceed(body);
    } catch {
      // The request layer has shown why; the sheet stays for another try.
    } finally {
      setBusy(false);
    }
  };

  const sheet = (
    <BottomSheet visible={waiting !== undefined} onClose={() => setWaiting(undefined)}>
      {waiting && (
        <div className="risk-ack" data-testid="risk-ack">
          <SheetHeader title={t('riskWarning.ackTitle')} />
          <div className="risk-ack__body">
            <p className="risk-ack__text" data-testid="risk-ack-text">
              {text ?? t('riskWarning.fallback')}
            </p>
            <RiskFigureNote warning={warning} />
            <p className="risk-ack__once">{t('riskWarning.ackOnce')}</p>
          </div>
          <SheetActions
            onCancel={() => setWaiting(undefined)}
            cancelTestId="risk-ack-cancel"
            confirmLabel={t('riskWarning.ackAccept')}
            onConfirm={() => void accept()}
            confirmTone="primary"
            confirmTestId="risk-ack-accept"
            disabled={busy}
          />
        </div>
      )}
    </BottomSheet>
  );
  return { ask, sheet };
}
