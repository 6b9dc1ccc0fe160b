import type { ReactNode } from 'react';
import FileOutline from 'antd-mobile-icons/es/FileOutline';

/** "No data" and similar: an icon, a sentence, an optional explanation and action. */
export function EmptyState({
  title,
  hint,
  action,
  testId,
}: {
  title: ReactNode;
  /** Why the list is empty or how it fills, in a smaller line under the title. */
  hint?: ReactNode;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <div className="empty-state" data-testid={testId ?? 'empty'}>
      <FileOutline className="empty-state__icon" aria-hidden />
      <p className="empty-state__title">{title}</p>
      {hint && <p className="empty-state__hint">{hint}</p>}
      {action}
    </div>
  );
}
