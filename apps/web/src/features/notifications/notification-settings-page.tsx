/**
 * `/notifications/settings`: for each kind of notification, the channels it travels by. The
 * centre in the app always receives everything (shown on and fixed); push to the home-screen app
 * and e-mail are switches, saved at once.
 */
import { useTranslation } from 'react-i18next';
import { List, Switch } from 'antd-mobile';
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
        settings.data.map((setting) => <KindSettings key={setting.kind} setting={setting} />)
      ) : (
        <EmptyState title={t('common.loadFailed')} />
      )}
    </div>
  );
}

function KindSettings({ setting }: { setting: NotificationSetting }) {
  const { t } = useTranslation();
  const save = useSaveNotificationSetting();
  return (
    <List
      header={t(`notifications.kinds.${setting.kind}`)}
      className="notification-settings__kind"
      data-testid={`setting-${setting.kind}`}
    >
      <List.Item extra={<Switch checked disabled aria-label={t('notifications.channels.in_app')} />}>
        {t('notifications.channels.in_app')}
      </List.Item>
      {NOTIFICATION_CHANNELS.map((channel) => (
        <List.Item
          key={channel}
          extra={
            <Switch
              checked={setting[channel]}
              onChange={(on) => save.mutate({ kind: setting.kind, [channel]: on })}
              aria-label={`${t(`notifications.kinds.${setting.kind}`)}: ${t(`notifications.channels.${channel}`)}`}
              data-testid={`switch-${setting.kind}-${channel}`}
            />
          }
        >
          {t(`notifications.channels.${channel}`)}
        </List.Item>
      ))}
    </List>
  );
}
