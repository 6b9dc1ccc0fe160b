import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import BellOutline from 'antd-mobile-icons/es/BellOutline';
import { useUnreadCount } from './notifications-api.ts';
import './notification-bell.css';

/** Counts above this show as "99+": the badge keeps its size. */
const MAX_SHOWN = 99;

/**
 * The bell of the main screens' headers, with the unread count. The badge sits over the icon's
 * corner (absolutely placed), so the header never moves when the count arrives or changes.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const unread = useUnreadCount().data ?? 0;
  const label = unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell');
  return (
    <button
      type="button"
      className="icon-button notification-bell"
      onClick={() => void navigate('/notifications')}
      aria-label={label}
      data-testid="notification-bell"
    >
      <BellOutline aria-hidden />
      {unread > 0 && (
        <span className="notification-bell__badge num" data-testid="unread-badge" aria-hidden>
          {unread > MAX_SHOWN ? `${MAX_SHOWN}+` : unread}
        </span>
      )}
    </button>
  );
}
