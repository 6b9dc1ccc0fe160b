import { useTranslation } from 'react-i18next';

/**
 * DEMO in the header of every screen while the session is a demo account's (the app shell puts it
 * there through the header's mark), so demo money is never mistaken for real money. Read aloud as
 * "Demo account".
 */
export function DemoMark() {
  const { t } = useTranslation();
  return (
    <span className="demo-mark" data-testid="demo-mark">
      <span aria-hidden>{t('user.badgeDemo')}</span>
      <span className="visually-hidden">{t('user.demoAccount')}</span>
    </span>
  );
}
