import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LeftOutline } from 'antd-mobile-icons';
import { useBack } from './use-back.ts';

interface PageHeaderProps {
  title: ReactNode;
  /** Show a back button (screens reached from another screen). */
  back?: boolean;
  left?: ReactNode;
  right?: ReactNode;
}

/** The sticky top bar of a screen: back, a centred title, actions. */
export function PageHeader({ title, back = false, left, right }: PageHeaderProps) {
  const { t } = useTranslation();
  const goBack = useBack();
  return (
    <header className="page-header">
      <div className="page-header__side">
        {back ? (
          <button
            type="button"
            className="icon-button"
            onClick={goBack}
            aria-label={t('common.back')}
            data-testid="back"
          >
            <LeftOutline className="flip-rtl" />
          </button>
        ) : (
          left
        )}
      </div>
      <h1 className="page-header__title">{title}</h1>
      <div className="page-header__side page-header__side--end">{right}</div>
    </header>
  );
}
