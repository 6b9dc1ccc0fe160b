import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Result } from 'antd';

/**
 * A screen that crashed while drawing: said so in the shell, whose menu still opens the other
 * screens, instead of the router's untranslated default page.
 */
export function ScreenError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const queryClient = useQueryClient();
  // The answer the screen could not draw would stay cached and crash it again on the next visit.
  // React runs the crashed screen's effect cleanups (its queries' subscriptions) before this one,
  // so its queries are inactive here: forget them, and the next visit fetches afresh.
  useEffect(() => {
    console.error(error);
    queryClient.removeQueries({ type: 'inactive' });
  }, [error, queryClient]);
  return (
    <Result
      status="error"
      title={t('common.crash_title')}
      subTitle={t('common.unexpected_error')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </Button>
      }
    />
  );
}
