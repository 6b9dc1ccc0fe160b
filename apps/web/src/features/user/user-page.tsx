import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Dialog, List } from 'antd-mobile';
import {
  ArrowDownCircleOutline,
  BankcardOutline,
  ChatCheckOutline,
  CheckShieldOutline,
  EyeInvisibleOutline,
  EyeOutline,
  FileOutline,
  GlobalOutline,
  LinkOutline,
  LockOutline,
  LoopOutline,
  MailOpenOutline,
  MailOutline,
  MessageOutline,
  RightOutline,
  SendOutline,
  SetOutline,
  SoundOutline,
  UpCircleOutline,
  UserAddOutline,
  UserContactOutline,
  UserOutline,
} from 'antd-mobile-icons';
import { PageHeader } from '../../ui/page-header.tsx';
import { isDemoRestricted } from '../../app/route-guard.ts';
import { NATIVE_LANGUAGE_NAMES } from '../../i18n/languages.ts';
import { useSettings } from '../settings/settings-store.ts';
import { useBasicInfo } from '../settings/basic-info.ts';
import { showDemoRestriction } from './demo-restriction.ts';
import { maskedAccount } from './mask.ts';
import { useUserInfo } from './use-user-info.ts';
import { useUserPrefs } from './user-prefs.ts';
import { AccountSwitch } from './account-switch.tsx';
import { formatUsd } from '../../lib/format.ts';
import { resetDemoAccount, useAccountFigures } from '../trading/trading-api.ts';

/** `/user`: who is signed in, the balance card, money buttons and every account screen. */
export function UserPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUserInfo();
  const lang = useSettings((s) => s.lang);
  const links = useBasicInfo().data;
  const { hideBalance, toggleBalance } = useUserPrefs();
  const demo = user?.is_demo === 1;
  const account = maskedAccount(user);
  const figures = useAccountFigures().data;
  const balance = hideBalance ? '******' : formatUsd(figures?.balance, lang);
  // Each amount isolated left to right: in Arabic "$0.00" would otherwise read "0.00$".
  const balanceNote = hideBalance ? (
    ' '
  ) : (
    <>
      {t('orders.equity')} <span className="num">{formatUsd(figures?.equity, lang)}</span> ·{' '}
      {t('orders.freeMargin')} <span className="num">{formatUsd(figures?.free_margin, lang)}</span>
    </>
  );

  /** Restricted screens are explained to a demo user here, without leaving the page. */
  const open = (path: string) => {
    if (isDemoRestricted(path, demo)) showDemoRestriction((to) => void navigate(to), path);
    else void navigate(path);
  };

  const resetDemo = async () => {
    const confirmed = await Dialog.confirm({
      title: t('user.resetDemoTitle'),
      content: t('user.resetDemoBody'),
      confirmText: t('user.resetDemoConfirm'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    try {
      // The server's message confirms the reset; the figures and lists are fetched again.
      await resetDemoAccount();
    } catch {
      // The request layer has shown the server's reason.
    }
  };

  return (
    <div className="page user-page" data-testid="user-page">
      <PageHeader title={t('pages.user')} />

      <section className="profile" aria-label={t('user.profile')}>
        <div className="profile__avatar" aria-hidden>
          <UserOutline />
        </div>
        <div className="profile__text">
          <p className="profile__name" data-testid="user-account">
            {demo ? t('user.demoAccount') : (account ?? '—')}
          </p>
          <p className="profile__meta">
            {t('user.uid')}{' '}
            <span className="num" data-testid="user-uid">
              {user?.uid ?? '—'}
            </span>
          </p>
        </div>
        <span
          className={`account-badge ${demo ? 'account-badge--demo' : 'account-badge--real'}`}
          data-testid="account-badge"
        >
          {demo ? t('user.badgeDemo') : t('user.badgeReal')}
        </span>
      </section>

      <AccountSwitch />

      <section className="balance-card" aria-label={t('user.balance')}>
        <div className="balance-card__head">
          <span className="balance-card__label">{t('user.balanceLabel')}</span>
          <button
            type="button"
            className="balance-card__eye"
            onClick={toggleBalance}
            aria-label={t('user.hideBalance')}
            aria-pressed={hideBalance}
            data-testid="balance-toggle"
          >
            {hideBalance ? <EyeInvisibleOutline /> : <EyeOutline />}
          </button>
        </div>
        <button
          type="button"
          className="balance-card__figure"
          onClick={() => void navigate('/mine/history')}
          aria-label={`${t('user.balanceLabel')}: ${hideBalance ? t('user.balanceHidden') : balance}. ${t('pages.accountHistory')}`}
          data-testid="balance"
        >
          <span className="balance-card__value num">{balance}</span>
          <RightOutline className="balance-card__chevron flip-rtl" aria-hidden />
        </button>
        <p className="balance-card__note" data-testid="balance-note">
          {balanceNote}
        </p>
        <div className="balance-card__actions">
          <button
            type="button"
            className="money-button money-button--primary"
            onClick={() => open('/mine/charge')}
            data-testid="deposit"
          >
            <ArrowDownCircleOutline aria-hidden />
            {t('user.deposit')}
          </button>
          <button
            type="button"
            className="money-button"
            onClick={() => open('/mine/withdraw')}
            data-testid="withdraw"
          >
            <UpCircleOutline aria-hidden />
            {t('user.withdraw')}
          </button>
        </div>
      </section>

      {demo && (
        <button
          type="button"
          className="reset-demo"
          onClick={() => void resetDemo()}
          data-testid="reset-demo"
        >
          <LoopOutline aria-hidden />
          {t('user.resetDemo')}
        </button>
      )}

      <List mode="card" className="user-links">
        <Row icon={<BankcardOutline />} onClick={() => open('/mine/wallet')} testId="link-wallet">
          {t('pages.wallet')}
        </Row>
        <Row icon={<FileOutline />} onClick={() => open('/mine/statement')} testId="link-statement">
          {t('statement.title')}
        </Row>
        <Row icon={<UserContactOutline />} onClick={() => open('/mine/auth')} testId="link-auth">
          {t('pages.auth')}
        </Row>
        <Row icon={<LockOutline />} onClick={() => open('/mine/password')} testId="link-password">
          {t('pages.password')}
        </Row>
        <Row icon={<MailOpenOutline />} onClick={() => open('/mine/contact')} testId="link-contact">
          {t('contactChange.link')}
        </Row>
        <Row icon={<CheckShieldOutline />} onClick={() => open('/mine/devices')} testId="link-devices">
          {t('sessions.link')}
        </Row>
        <Row
          icon={<CheckShieldOutline />}
          onClick={() => open('/mine/two-factor')}
          extra={demo ? undefined : user?.two_factor === 1 ? t('twoFactor.on') : t('twoFactor.off')}
          testId="link-two-factor"
        >
          {t('twoFactor.title')}
        </Row>
        <Row icon={<UserAddOutline />} onClick={() => open('/mine/invite')} testId="link-invite">
          {t('pages.invite')}
        </Row>
      </List>

      <List mode="card" className="user-links">
        {links?.whatsapp_link && (
          <ExternalRow icon={<MessageOutline />} href={links.whatsapp_link} testId="link-whatsapp">
            {t('user.whatsapp')}
          </ExternalRow>
        )}
        {links?.telegram_link && (
          <ExternalRow icon={<SendOutline />} href={links.telegram_link} testId="link-telegram">
            {t('user.telegram')}
          </ExternalRow>
        )}
        <Row icon={<ChatCheckOutline />} onClick={() => open('/mine/chat')} testId="link-chat">
          {t('pages.chat')}
        </Row>
        <Row icon={<MailOutline />} onClick={() => open('/mine/email')} testId="link-email">
          {t('pages.complaintEmail')}
        </Row>
        <Row icon={<SoundOutline />} onClick={() => open('/mine/announcement')} testId="link-announcement">
          {t('pages.announcement')}
        </Row>
        <Row
          icon={<GlobalOutline />}
          onClick={() => open('/language')}
          extra={NATIVE_LANGUAGE_NAMES[lang]}
          testId="link-language"
        >
          {t('pages.language')}
        </Row>
        <Row icon={<SetOutline />} onClick={() => open('/mine/system')} testId="link-settings">
          {t('pages.settings')}
        </Row>
      </List>
    </div>
  );
}

function Row({
  icon,
  onClick,
  extra,
  testId,
  children,
}: {
  icon: ReactNode;
  onClick(): void;
  extra?: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <List.Item
      prefix={<span className="user-links__icon">{icon}</span>}
      onClick={onClick}
      extra={extra}
      arrowIcon={<RightOutline className="flip-rtl" />}
      data-testid={testId}
    >
      {children}
    </List.Item>
  );
}

/** A support link: a real anchor opening outside the app (docs/CONTRACT.md "Navigation"). */
function ExternalRow({
  icon,
  href,
  testId,
  children,
}: {
  icon: ReactNode;
  href: string;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <List.Item
      className="user-links__external"
      prefix={<span className="user-links__icon">{icon}</span>}
      arrowIcon={false}
      extra={<LinkOutline className="user-links__opens" aria-hidden />}
    >
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className="stretched-link"
        data-testid={testId}
      >
        {children}
        <span className="visually-hidden"> ({t('user.opensOutside')})</span>
      </a>
    </List.Item>
  );
}
