import { useTranslation } from 'react-i18next';
import Button from 'antd-mobile/es/components/button';
import { useNavigate, useRouteError } from 'react-router';
import { PageHeader } from '../ui/page-header.tsx';
import { EmptyState } from '../ui/empty-state.tsx';

/** A screen that crashed: say so and offer a reload, instead of a blank page. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <div className="page">
      <PageHeader title={t('errors.crashTitle')} />
      <EmptyState
        title={t('errors.crashBody')}
        action={
          <Button color="primary" onClick={() => window.location.reload()}>
            {t('common.reload')}
          </Button>
        }
      />
    </div>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="page" data-testid="not-found">
      <PageHeader title={t('errors.notFoundTitle')} back />
      <EmptyState
        title={t('errors.notFoundBody')}
        action={
          <Button color="primary" fill="outline" onClick={() => navigate('/', { replace: true })}>
            {t('common.goHome')}
          </Button>
        }
      />
    </div>
  );
}
