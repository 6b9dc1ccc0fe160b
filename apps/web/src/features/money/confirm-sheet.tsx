/**
 * A bottom sheet that repeats what is about to be sent (where money goes, how much, the fee, what
 * arrives) and asks once more: nothing leaves the phone until the user confirms, and cancelling,
 * closing or tapping outside sends nothing.
 *
 *   const [sheet, ask] = useConfirmSheet();
 *   if (await ask({ title, rows, confirmText })) await send(...);
 *   return <>{form}{sheet}</>;
 */
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { BottomSheet, SheetActions, SheetHeader } from '../../ui/bottom-sheet.tsx';

export interface ConfirmRow {
  label: string;
  value: string;
  /** Addresses, account numbers and figures read left to right in every language. */
  ltr?: boolean;
  /** The figure the decision turns on (what arrives). */
  strong?: boolean;
  testId?: string;
}

export interface ConfirmRequest {
  title: string;
  rows: readonly ConfirmRow[];
  note?: string;
  confirmText: string;
}

export function useConfirmSheet(testId: string): [ReactNode, (request: ConfirmRequest) => Promise<boolean>] {
  const [request, setRequest] = useState<ConfirmRequest | undefined>();
  const answer = useRef<((confirmed: boolean) => void) | undefined>(undefined);

  const ask = useCallback(
    (next: ConfirmRequest) =>
      new Promise<boolean>((resolve) => {
        answer.current?.(false);
        answer.current = resolve;
        setRequest(next);
      }),
    [],
  );
  const settle = (confirmed: boolean) => {
    answer.current?.(confirmed);
    answer.current = undefined;
    setRequest(undefined);
  };

  const sheet = (
    <BottomSheet visible={request !== undefined} onClose={() => settle(false)}>
      {request && (
        <div className="confirm-sheet" data-testid={testId}>
          <SheetHeader title={request.title} onClose={() => settle(false)} />
          <dl className="detail-list confirm-sheet__rows">
            {request.rows.map((row) => (
              <div key={row.label}>
                <dt>{row.label}</dt>
                <dd
                  className={`num${row.strong ? ' figure-list__strong' : ''}`}
                  {...(row.ltr ? { dir: 'ltr' } : {})}
                  {...(row.testId ? { 'data-testid': row.testId } : {})}
                >
                  {row.value}
                </dd>
              </div>
            ))}
          </dl>
          {request.note && <p className="money-form__hint confirm-sheet__note">{request.note}</p>}
          <SheetActions
            onCancel={() => settle(false)}
            cancelTestId="confirm-cancel"
            confirmLabel={request.confirmText}
            onConfirm={() => settle(true)}
            confirmTone="primary"
            confirmTestId="confirm-send"
          />
        </div>
      )}
    </BottomSheet>
  );
  return [sheet, ask];
}
