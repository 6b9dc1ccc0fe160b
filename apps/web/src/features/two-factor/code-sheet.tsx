/**
 * A bottom sheet that asks for the authenticator's current code before an action that needs it
 * (a withdrawal, once two-step sign-in is on) and runs the action with it. A refusal (a wrong or
 * used code) is shown beside the field and the code can be typed again; cancelling sends nothing.
 *
 *   const [sheet, withCode] = useCodeSheet('withdraw-code');
 *   await withCode(t('...'), (code) => withdraw({ ...body, totp_code: code }, false));
 */
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BottomSheet, SheetActions, SheetHeader } from '../../ui/bottom-sheet.tsx';
import { ProofField, useProofForm } from './proof-field.tsx';

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
  const form = useProofForm(async (proof) => {
    if (!('code' in proof)) return;
    await pending.action(proof.code);
    pending.settle(true);
  });

  return (
    <form
      className="two-factor-sheet"
      noValidate
      onSubmit={(event) => void form.submit(event)}
      data-testid={testId}
    >
      <SheetHeader title={pending.title} onClose={() => pending.settle(false)} />
      <div className="two-factor-sheet__body">
        <p className="two-factor-card__lead">{t('twoFactor.sheetLead')}</p>
        <ProofField
          id={`${testId}-field`}
          input={form.input}
          onInput={form.onInput}
          error={form.error}
          allowRecovery={false}
          autoFocus
        />
      </div>
      <SheetActions
        onCancel={() => pending.settle(false)}
        cancelTestId={`${testId}-cancel`}
        confirmLabel={t('twoFactor.verify')}
        onConfirm={() => void form.submit()}
        confirmTone="primary"
        confirmTestId={`${testId}-submit`}
        disabled={form.busy}
      />
    </form>
  );
}
