/**
 * `/notifications/settings`: for each kind of notification, the channels it travels by, one row a
 * kind with a switch per channel. The centre in the app always receives everything (said above the
 * table); push to the home-screen app and e-mail are switches, saved at once.
 */
import { useTranslation } from 'react-i18next';
import { Switch } from 'antd-mobile';
import { NOTIFICATION_CHANNELS, type NotificationSetting } from '@omp/protocol';
import { PageHeader } from '../../ui/page-header.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { OrderSkeleton } from '../orders/order-skeleton.tsx';
import { useNotificationSettings, useSaveNotificationSetting } from './notifications-api.ts';
import './notifications.css';

export function NotificationSettingsPage() {
  const { t } = useTranslation();
  const settings = useNotificationSettings();
  return (
    <div className="page notification-settings-page" data-testid="notification-settings-page">
      <PageHeader title={t('notifications.settingsTitle')} back />
      <p className="notification-settings__intro">{t('notifications.settingsIntro')}</p>
      {settings.isPending ? (
        <OrderSkeleton label={t('common.loading')} />
      ) : settings.data ? (
        <ul className="notification-settings">
          <li className="notification-settings__row notification-settings__row--head" aria-hidden>
            <span />
            {NOTIFICATION_CHANNELS.map((channel) => (
              <span key={channel}>{t(`notifications.channels.${channel}`)}</span>
            ))}
          </li>
          {settings.data.map((setting) => (
            <KindSettings key={setting.kind} setting={setting} />
          ))}
        </ul>
      ) : (
        <EmptyState title={t('common.loadFailed')} />
      )}
    </div>
  );
}

function KindSettings({ setting }: { setting: NotificationSetting }) {
  const { t } = useTranslation();
  const save = useSaveNotificationSetting();
  const kind = t(`notifications.kinds.${setting.kind}`);
  return (
    <li className="notification-settings__row" data-testid={`setting-${setting.kind}`}>
      <span className="notification-settings__kind">{kind}</span>
      {NOTIFICATION_CHANNELS.map((channel) => (
        <Switch
          key={channel}
          checked={setting[channel]}
          onChange={(on) => save.mutate({ kind: setting.kind, [channel]: on })}
          aria-label={`${kind}: ${t(`notifications.channels.${channel}`)}`}
          data-testid={`switch-${setting.kind}-${channel}`}
        />
      ))}
    </li>
  );
}
