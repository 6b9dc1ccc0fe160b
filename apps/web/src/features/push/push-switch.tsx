import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { List, Switch, Toast } from 'antd-mobile';
import { ApiError } from '../../lib/api.ts';
import { isSignedIn, useSession } from '../session/session-store.ts';
import { pushStatus, PushSetupError, turnPushOff, turnPushOn, type PushStatus } from './push-device.ts';

/**
 * "Push notifications on this device": a signed-in user's switch for this browser. Turning it on
 * asks the browser's permission and subscribes; a browser that cannot take push, or a permission
 * refused, is said plainly, with what to do, and the switch stays off.
 */
export function PushSwitch() {
  const { t } = useTranslation();
  const signedIn = useSession(isSignedIn);
  const [status, setStatus] = useState<PushStatus | 'loading'>('loading');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    pushStatus()
      .then((next) => live && setStatus(next))
      .catch(() => live && setStatus('off'));
    return () => {
      live = false;
    };
  }, [signedIn]);

  if (!signedIn) return null;

  const change = async (on: boolean) => {
    setBusy(true);
    try {
      if (on) await turnPushOn();
      else await turnPushOff();
      setStatus(on ? 'on' : 'off');
      Toast.show({ content: t(on ? 'push.turnedOn' : 'push.turnedOff') });
    } catch (error) {
      if (error instanceof PushSetupError && error.reason === 'denied') setStatus('denied');
      else if (error instanceof PushSetupError)
        Toast.show({ content: t(error.reason === 'dismissed' ? 'push.notAllowed' : 'push.failed') });
      // A refusal of the server was already shown by the request layer.
      else if (!(error instanceof ApiError)) Toast.show({ content: t('push.failed') });
    } finally {
      setBusy(false);
    }
  };

  const hint =
    status === 'unsupported'
      ? t('push.unsupported')
      : status === 'denied'
        ? t('push.denied')
        : t(status === 'on' ? 'push.onHint' : 'push.offHint');

  return (
    <List mode="card">
      <List.Item
        title={t('push.title')}
        description={
          <span
            className={status === 'unsupported' || status === 'denied' ? 'push-setting__refusal' : undefined}
          >
            {hint}
          </span>
        }
        extra={
          <Switch
            checked={status === 'on'}
            loading={busy || status === 'loading'}
            disabled={status === 'unsupported' || status === 'denied'}
            onChange={(on) => void change(on)}
            aria-label={t('push.title')}
            data-testid="push-switch"
          />
        }
        data-testid="push-setting"
        data-status={status}
      />
    </List>
  );
}
