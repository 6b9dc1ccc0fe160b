/**
 * A bottom sheet that asks for the authenticator's current code before an action that needs it
 * (a withdrawal, once two-step sign-in is on) and runs the action with it. A refusal (a wrong or
 * used code) is shown beside the field and the code can be typed again; cancelling sends nothing.
 *
 *   const [sheet, withCode] = useCodeSheet('withdraw-code');
 *   await withCode(t('...'), (code) => withdraw({ ...body, totp_code: code }, false));
 */
import { useCallback, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BottomSheet, SheetActions, SheetHeader } from '../../ui/bottom-sheet.tsx';
import { emptyProof, ProofField, proofOf, type ProofInput } from './proof-field.tsx';
import { refusalText } from './two-factor-api.ts';

interface Pending {
  title: string;
  action(code: string): Promise<unknown>;
  settle(done: boolean): void;
}

export function useCodeSheet(
  testId: string,
): [ReactNode, (title: string, action: (code: string) => Promise<unknown>) => Promise<boolean>] {
  const [pending, setPending] = useState<Pending | undefined>();
  const current = useRef<Pending | undefined>(undefined);

  const withCode = useCallback(
    (title: string, action: (code: string) => Promise<unknown>) =>
      new Promise<boolean>((resolve) => {
        current.current?.settle(false);
        const next: Pending = {
          title,
          action,
          settle: (done) => {
            current.current = undefined;
            setPending(undefined);
            resolve(done);
          },
        };
        current.current = next;
        setPending(next);
      }),
    [],
  );

  const sheet = (
    <BottomSheet visible={pending !== undefined} onClose={() => pending?.settle(false)}>
      {pending && <CodeForm pending={pending} testId={testId} />}
    </BottomSheet>
  );
  return [sheet, withCode];
}

function CodeForm({ pending, testId }: { pending: Pending; testId: string }) {
  const { t } = useTranslation();
  const [input, setInput] = useState<ProofInput>(emptyProof);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    const proof = proofOf(input);
    if ('problem' in proof || !('code' in proof)) return setError(t('twoFactor.codeInvalid'));
    setBusy(true);
    try {
      await pending.action(proof.code);
      pending.settle(true);
    } catch (refusal) {
      setError(refusalText(refusal, t('twoFactor.codeInvalid')));
      setInput(emptyProof);
      setBusy(false);
    }
  };

  return (
    <form
      className="two-factor-sheet"
      noValidate
      onSubmit={(event) => void submit(event)}
      data-testid={testId}
    >
      <SheetHeader title={pending.title} onClose={() => pending.settle(false)} />
      <div className="two-factor-sheet__body">
        <p className="two-factor-card__lead">{t('twoFactor.sheetLead')}</p>
        <ProofField
          id={`${testId}-field`}
          input={input}
          onInput={(next) => {
            setInput(next);
            setError(undefined);
          }}
          error={error}
          allowRecovery={false}
          autoFocus
        />
      </div>
      <SheetActions
        onCancel={() => pending.settle(false)}
        cancelTestId={`${testId}-cancel`}
        confirmLabel={t('twoFactor.verify')}
        onConfirm={() => void submit()}
        confirmTone="primary"
        confirmTestId={`${testId}-submit`}
        disabled={busy}
      />
    </form>
  );
}
