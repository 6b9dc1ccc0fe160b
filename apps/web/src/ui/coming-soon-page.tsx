import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'antd-mobile';
import { ClockCircleOutline } from 'antd-mobile-icons';
import { PageHeader } from './page-header.tsx';
import { useBack } from './use-back.ts';

interface ComingSoonPageProps {
  titleKey: string;
  /** Tab pages have no back button in the header (the tab bar is the way out). */
  back?: boolean;
  children?: ReactNode;
}

/** An honest placeholder for a screen that a later release builds. */
export function ComingSoonPage({ titleKey, back = true, children }: ComingSoonPageProps) {
  const { t } = useTranslation();
  const goBack = useBack();
  return (
    <div className="page" data-testid="coming-soon">
      <PageHeader title={t(titleKey)} back={back} />
      <div className="coming-soon">
        <ClockCircleOutline className="coming-soon__icon" aria-hidden />
        <h2 className="coming-soon__title">{t('comingSoon.title')}</h2>
        <p className="coming-soon__body">{t('comingSoon.body')}</p>
        {children}
        <Button className="coming-soon__back" color="primary" fill="outline" onClick={goBack}>
          {t('common.back')}
        </Button>
      </div>
    </div>
  );
}
