import { Component, useEffect, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Button from 'antd-mobile/es/components/button';
import { useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../ui/page-header.tsx';
import { EmptyState } from '../ui/empty-state.tsx';

/** A screen that crashed: say so and offer a reload, instead of a blank page. */
function RouteError() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // The answer a screen could not draw would stay cached for its stale time, and the screen would
  // crash again on the next visit. React runs the crashed screen's effect cleanups (its queries'
  // subscriptions) before this one, so its queries are inactive here: forget them, and the next
  // visit fetches afresh. Queries of what still shows stay.
  useEffect(() => {
    queryClient.removeQueries({ type: 'inactive' });
  }, [queryClient]);
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

interface BoundaryProps {
  /** The navigation the error happened on: the next one tries the screens again. */
  locationKey: string;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  locationKey: string;
}

class ScreenErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: undefined, locationKey: this.props.locationKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.locationKey === state.locationKey
      ? null
      : { error: undefined, locationKey: props.locationKey };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render(): ReactNode {
    return this.state.error === undefined ? this.props.children : <RouteError />;
  }
}

/**
 * Shows the crash screen in place of the whole app shell when a screen throws while rendering, as
 * a route's error element would; navigating elsewhere renders the screens again.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  return <ScreenErrorBoundary locationKey={key}>{children}</ScreenErrorBoundary>;
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
