/**
 * `/mine/devices`: where the user is signed in. Each session shows its device, browser, area (the
 * time zone the app reported when it signed in), address and last use; this device is marked and
 * every other one can be signed out after a confirmation, one by one or all at once. A signed-out
 * phone is told at once over its socket and sent to the login page.
 */
import { useTranslation } from 'react-i18next';
import { Button, Dialog } from 'antd-mobile';
import { AppOutline, ContentOutline, GlobalOutline } from 'antd-mobile-icons';
import type { SignedInSession } from '@omp/protocol';
import { PageHeader } from '../../ui/page-header.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { OrderSkeleton } from '../orders/order-skeleton.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useSettings } from '../settings/settings-store.ts';
import { signOutOtherSessions, signOutSession, useSignedInSessions } from './sessions-api.ts';
import { areaText } from './area-text.ts';
import './sessions.css';

const looksLikePhone = (session: SignedInSession) => /iPhone|iPad|Android|iOS/i.test(session.device);

export function DevicesPage() {
  const { t } = useTranslation();
  const query = useSignedInSessions();
  const sessions = query.data ?? [];
  const others = sessions.filter((s) => !s.current);

  const confirmOne = async (session: SignedInSession) => {
    const confirmed = await Dialog.confirm({
      title: t('sessions.signOutTitle'),
      content: t('sessions.signOutBody', { device: deviceName(t, session) }),
      confirmText: t('sessions.signOut'),
      cancelText: t('common.cancel'),
    });
    if (confirmed) await signOutSession(session.id).catch(() => undefined);
  };
  const confirmOthers = async () => {
    const confirmed = await Dialog.confirm({
      title: t('sessions.signOutOthersTitle'),
      content: t('sessions.signOutOthersBody', { count: others.length }),
      confirmText: t('sessions.signOutOthers'),
      cancelText: t('common.cancel'),
    });
    if (confirmed) await signOutOtherSessions().catch(() => undefined);
  };

  let body;
  if (query.isPending) body = <OrderSkeleton rows={3} label={t('common.loading')} />;
  else if (sessions.length === 0) body = <EmptyState title={t('sessions.none')} testId="sessions-empty" />;
  else
    body = (
      <ul className="records session-list" data-testid="sessions">
        {sessions.map((session) => (
          <SessionRow key={session.id} session={session} onSignOut={() => void confirmOne(session)} />
        ))}
      </ul>
    );

  return (
    <div className="page money-page" data-testid="devices-page">
      <PageHeader title={t('sessions.title')} back />
      <p className="money-form__lead">{t('sessions.lead')}</p>
      {body}
      {others.length > 0 && (
        <div className="money-form">
          <Button
            block
            color="danger"
            fill="outline"
            size="large"
            onClick={() => void confirmOthers()}
            data-testid="sign-out-others"
          >
            {t('sessions.signOutOthers')}
          </Button>
        </div>
      )}
    </div>
  );
}

function deviceName(t: (key: string) => string, session: SignedInSession): string {
  return session.device || session.browser || t('sessions.unknownDevice');
}

function SessionRow({ session, onSignOut }: { session: SignedInSession; onSignOut(): void }) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  const Icon = looksLikePhone(session) ? AppOutline : ContentOutline;
  return (
    <li className="record session" data-testid="session" data-current={session.current ? '1' : '0'}>
      <div className="record__line">
        <span className="session__icon" aria-hidden>
          <Icon />
        </span>
        <span className="record__title session__device" data-testid="session-device">
          <bdi>{deviceName(t, session)}</bdi>
        </span>
        {session.demo && (
          <span className="demo-mark" data-testid="session-demo" title={t('user.demoAccount')}>
            {t('user.badgeDemo')}
          </span>
        )}
        {session.current ? (
          <span className="session__this" data-testid="session-this">
            {t('sessions.thisDevice')}
          </span>
        ) : (
          <Button size="small" color="danger" fill="none" onClick={onSignOut} data-testid="session-sign-out">
            {t('sessions.signOut')}
          </Button>
        )}
      </div>
      <dl className="figure-list figure-list--compact">
        <div>
          <dt>{t('sessions.browser')}</dt>
          <dd data-testid="session-browser">
            <bdi>{session.browser || '—'}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t('sessions.area')}</dt>
          <dd data-testid="session-area">
            {session.area ? (
              <>
                <GlobalOutline aria-hidden /> <bdi>{areaText(session.area)}</bdi>
              </>
            ) : (
              t('sessions.areaUnknown')
            )}
          </dd>
        </div>
        <div>
          <dt>{t('sessions.ip')}</dt>
          <dd className="num" dir="ltr" data-testid="session-ip">
            {session.ip || '—'}
          </dd>
        </div>
        <div>
          <dt>{t('sessions.lastUsed')}</dt>
          <dd className="num" data-testid="session-last-used">
            {formatDateTime(session.last_used_at, lang)}
          </dd>
        </div>
        <div>
          <dt>{t('sessions.signedIn')}</dt>
          <dd className="num">{formatDateTime(session.created_at, lang)}</dd>
        </div>
      </dl>
    </li>
  );
}
