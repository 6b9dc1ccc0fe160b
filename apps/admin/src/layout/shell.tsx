/**
 * The frame of every signed-in screen: the menu of the screens this member's roles open, and a
 * header with the time zone every time is shown in, the language, the theme and the account.
 */
import { Suspense, useState } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Dropdown, Flex, Layout, Menu, Skeleton, Switch, Tag, Typography } from 'antd';
import {
  AlertOutlined,
  AuditOutlined,
  BankOutlined,
  CreditCardOutlined,
  DashboardOutlined,
  DesktopOutlined,
  FileTextOutlined,
  IdcardOutlined,
  KeyOutlined,
  LogoutOutlined,
  MailOutlined,
  ReadOutlined,
  SettingOutlined,
  StockOutlined,
  TeamOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { WireStaff } from '@omp/protocol';
import { api } from '../lib/api-client.ts';
import { allows, session, useSession } from '../lib/session.ts';
import { preferences, usePreferences } from '../lib/preferences.ts';
import { timeZoneName } from '../lib/time.ts';
import { LanguageSwitch } from './language-switch.tsx';
import { PasswordChange } from './password-change.tsx';
import { SCREENS } from './navigation.ts';

const ICONS: Record<string, React.ReactNode> = {
  '/': <DashboardOutlined />,
  '/users': <UserOutlined />,
  '/identity': <IdcardOutlined />,
  '/deposits': <BankOutlined />,
  '/withdrawals': <WalletOutlined />,
  '/risk': <AlertOutlined />,
  '/instruments': <StockOutlined />,
  '/payments': <CreditCardOutlined />,
  '/news': <ReadOutlined />,
  '/content': <FileTextOutlined />,
  '/messages': <MailOutlined />,
  '/settings': <SettingOutlined />,
  '/staff': <TeamOutlined />,
  '/audit': <AuditOutlined />,
  '/sessions': <DesktopOutlined />,
};

export function Shell() {
  const { t } = useTranslation();
  const { token, staff } = useSession();
  const { theme } = usePreferences();
  const location = useLocation();
  const [changingPassword, setChangingPassword] = useState(false);
  // The account behind a token kept from an earlier visit: asked once, then known.
  const me = useQuery({
    queryKey: ['me', token],
    queryFn: async () => {
      const member = await api.get<WireStaff>('/admin/api/me');
      session.known(member);
      return member;
    },
    enabled: Boolean(token) && !staff,
  });
  if (!token) return <Navigate to="/login" replace />;
  const member = staff ?? me.data;
  const screens = SCREENS.filter((screen) => allows(member, screen.roles));
  const current = SCREENS.find((screen) => screen.path === location.pathname);

  const signOut = async () => {
    await api.post('/admin/api/logout').catch(() => {});
    session.signOut();
  };

  return (
    <Layout className="shell">
      <Layout.Sider width={212} theme={theme} breakpoint="lg" collapsedWidth={64}>
        <div className="brand">{t('shell.brand')}</div>
        <Menu
          mode="inline"
          theme={theme}
          selectedKeys={[location.pathname]}
          items={screens.map((screen) => ({
            key: screen.path,
            icon: ICONS[screen.path],
            label: <Link to={screen.path}>{t(screen.title)}</Link>,
          }))}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="shell-header">
          <Typography.Title level={4} className="page-title">
            {current ? t(current.title) : ''}
          </Typography.Title>
          <Flex gap={16} align="center">
            <Tag>{t('shell.time_zone', { zone: timeZoneName() })}</Tag>
            <LanguageSwitch />
            <Switch
              checked={theme === 'dark'}
              onChange={(dark) => preferences.set({ theme: dark ? 'dark' : 'light' })}
              checkedChildren={t('shell.dark')}
              unCheckedChildren={t('shell.light')}
              aria-label={t('shell.theme')}
            />
            <Dropdown
              menu={{
                items: [
                  {
                    key: 'sessions',
                    icon: <DesktopOutlined />,
                    label: <Link to="/sessions">{t('nav.sessions')}</Link>,
                  },
                  {
                    key: 'password',
                    icon: <KeyOutlined />,
                    label: <span data-testid="change-password">{t('account.change_password')}</span>,
                    onClick: () => setChangingPassword(true),
                  },
                  {
                    key: 'logout',
                    icon: <LogoutOutlined />,
                    label: t('shell.sign_out'),
                    onClick: () => void signOut(),
                  },
                ],
              }}
            >
              <Button icon={<UserOutlined />} data-testid="account-menu">
                {member?.username ?? '…'}
                {member && (
                  <span className="roles">{member.roles.map((role) => t(`role.${role}`)).join(' · ')}</span>
                )}
              </Button>
            </Dropdown>
          </Flex>
        </Layout.Header>
        <PasswordChange open={changingPassword} onClose={() => setChangingPassword(false)} />
        <Layout.Content className="shell-content">
          {member ? (
            <Suspense fallback={<Skeleton active />}>
              <Outlet />
            </Suspense>
          ) : (
            <Skeleton active />
          )}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
