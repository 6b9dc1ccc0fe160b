/**
 * The bottom sheets of the app share one shape: antd-mobile's Popup from the bottom, closed by a
 * tap outside and emptied when closed (so each opening starts from its data), a titled head, and
 * a footer of "cancel" beside the one action the sheet is for. Styled by the `.sheet` family
 * (features/orders/orders.css), where the first sheets were.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';

export function BottomSheet({
  visible,
  onClose,
  children,
}: {
  visible: boolean;
  onClose(): void;
  children: ReactNode;
}) {
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      position="bottom"
      bodyClassName="sheet"
      destroyOnClose
    >
      {children}
    </Popup>
  );
}

/**
 * The sheet's title; `lead` goes before it on the same line (e.g. the instrument's logo). With
 * `onClose`, a close button ends the line, for sheets that have no "cancel" at the bottom.
 */
export function SheetHeader({
  title,
  lead,
  onClose,
}: {
  title: ReactNode;
  lead?: ReactNode;
  onClose?(): void;
}) {
  const { t } = useTranslation();
  return (
    <header className="sheet__head">
      {lead}
      <h2 className="sheet__title">{title}</h2>
      {onClose && (
        <button type="button" className="icon-button" onClick={onClose} aria-label={t('common.close')}>
          <CloseOutline />
        </button>
      )}
    </header>
  );
}

/** "Cancel" (or `cancelLabel`) and the sheet's action, coloured for what it does. */
export function SheetActions({
  onCancel,
  cancelLabel,
  cancelTestId,
  confirmLabel,
  onConfirm,
  confirmTone,
  confirmTestId,
  disabled = false,
}: {
  onCancel(): void;
  cancelLabel?: string;
  cancelTestId?: string;
  confirmLabel: ReactNode;
  onConfirm(): void;
  confirmTone: 'primary' | 'danger' | 'buy' | 'sell';
  confirmTestId: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="sheet__actions">
      <button type="button" className="sheet-button" onClick={onCancel} data-testid={cancelTestId}>
        {cancelLabel ?? t('common.cancel')}
      </button>
      <button
        type="button"
        className={`sheet-button sheet-button--${confirmTone}`}
        disabled={disabled}
        onClick={onConfirm}
        data-testid={confirmTestId}
      >
        {confirmLabel}
      </button>
    </div>
  );
}
