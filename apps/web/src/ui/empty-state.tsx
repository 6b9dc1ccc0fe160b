import type { ReactNode } from 'react';
import { FileOutline } from 'antd-mobile-icons';

/** "No data" and similar: an icon, a sentence, an optional action. */
export function EmptyState({
  title,
  action,
  testId,
}: {
  title: ReactNode;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <div className="empty-state" data-testid={testId ?? 'empty'}>
      <FileOutline className="empty-state__icon" aria-hidden />
      <p className="empty-state__title">{title}</p>
      {action}
    </div>
  );
}
