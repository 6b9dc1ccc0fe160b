import { useTranslation } from 'react-i18next';

/**
 * While a screen's code downloads: a spinner drawn by CSS alone (app/layout.css), not antd-mobile's,
 * which would bring its animation library into the first load for a few hundred milliseconds of
 * spinning.
 */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="page-loading" role="status" aria-label={t('common.loading')}>
      <span className="page-loading__spinner" aria-hidden="true" />
    </div>
  );
}
