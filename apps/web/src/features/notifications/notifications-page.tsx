/**
 * `/notifications`: the notification centre, newest first. Unread ones are marked (a dot and a
 * tinted row); a tap marks it read and opens where it leads in the app. "Mark all read" in the
 * header; the gear opens the channel settings, the second button the price alerts.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from 'antd-mobile';
import { SetOutline } from 'antd-mobile-icons';
import type { NotificationItem } from '@omp/protocol';
import { PageHeader } from '../../ui/page-header.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PagedBody, RefreshableList } from '../../ui/paged-list.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useSettings } from '../settings/settings-store.ts';
import { OrderSkeleton } from '../orders/order-skeleton.tsx';
import { markAllRead, markRead, useNotificationPages, useUnreadCount } from './notifications-api.ts';
import './notifications.css';

export function NotificationsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pages = useNotificationPages();
  const unread = useUnreadCount().data ?? 0;
  const rows = useMemo(() => {
    // Pages shift when notifications arrive meanwhile; each one once.
    const seen = new Set<number>();
    return (pages.data?.pages ?? []).flatMap((page) =>
      page.list.filter((n) => (seen.has(n.id) ? false : (seen.add(n.id), true))),
    );
  }, [pages.data]);

  const open = (notification: NotificationItem) => {
    if (!notification.read) void markRead(notification.id).catch(() => undefined);
    void navigate(notification.link);
  };

  return (
    <div className="page notifications-page" data-testid="notifications-page">
      <PageHeader
        title={t('notifications.title')}
        back
        right={
          <button
            type="button"
            className="icon-button"
            onClick={() => void navigate('/notifications/settings')}
            aria-label={t('notifications.settingsTitle')}
            data-testid="open-notification-settings"
          >
            <SetOutline />
          </button>
        }
      />
      <div className="notifications-toolbar">
        <Button size="small" fill="none" onClick={() => void navigate('/alerts')} data-testid="open-alerts">
          {t('alerts.title')}
        </Button>
        <Button
          size="small"
          fill="none"
          color="primary"
          disabled={unread === 0}
          onClick={() => void markAllRead().catch(() => undefined)}
          data-testid="mark-all-read"
        >
          {t('notifications.markAllRead')}
        </Button>
      </div>
      <RefreshableList onRefresh={() => pages.refetch()}>
        <PagedBody
          query={pages}
          rowCount={rows.length}
          skeleton={<OrderSkeleton label={t('common.loading')} />}
          empty={<EmptyState title={t('notifications.empty')} hint={t('notifications.emptyHint')} />}
        >
          <ul className="notification-list" data-testid="notification-list">
            {rows.map((n) => (
              <NotificationRow key={n.id} notification={n} onOpen={() => open(n)} />
            ))}
          </ul>
        </PagedBody>
      </RefreshableList>
    </div>
  );
}

function NotificationRow({ notification, onOpen }: { notification: NotificationItem; onOpen(): void }) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  const unread = !notification.read;
  return (
    <li>
      <button
        type="button"
        className={`notification-row ${unread ? 'notification-row--unread' : ''}`}
        onClick={onOpen}
        data-testid="notification-row"
        data-kind={notification.kind}
        data-read={notification.read}
      >
        <span className="notification-row__dot" aria-hidden />
        <span className="notification-row__text">
          <span className="notification-row__title">
            {unread && <span className="visually-hidden">{t('notifications.unread')}: </span>}
            {notification.title}
          </span>
          <span className="notification-row__body">{notification.body}</span>
          <span className="notification-row__time num">{formatDateTime(notification.created_at, lang)}</span>
        </span>
      </button>
    </li>
  );
}
