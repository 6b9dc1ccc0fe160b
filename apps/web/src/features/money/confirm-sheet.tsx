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
import { useTranslation } from 'react-i18next';
import { Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';

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
  const { t } = useTranslation();
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
    <Popup
      visible={request !== undefined}
      onMaskClick={() => settle(false)}
      onClose={() => settle(false)}
      position="bottom"
      bodyClassName="sheet"
      destroyOnClose
    >
      {request && (
        <div className="confirm-sheet" data-testid={testId}>
          <header className="sheet__head">
            <h2 className="sheet__title">{request.title}</h2>
            <button
              type="button"
              className="icon-button"
              onClick={() => settle(false)}
              aria-label={t('common.close')}
            >
              <CloseOutline />
            </button>
          </header>
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
          <div className="sheet__actions">
            <button
              type="button"
              className="sheet-button"
              onClick={() => settle(false)}
              data-testid="confirm-cancel"
            >
              {t('common.cancel')}
            </button>
            <button
              type="button"
              className="sheet-button sheet-button--primary"
              onClick={() => settle(true)}
              data-testid="confirm-send"
            >
              {request.confirmText}
            </button>
          </div>
        </div>
      )}
    </Popup>
  );
  return [sheet, ask];
}
