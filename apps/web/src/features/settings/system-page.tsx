import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, Dialog, List } from 'antd-mobile';
import { PageHeader } from '../../ui/page-header.tsx';
import { NATIVE_LANGUAGE_NAMES } from '../../i18n/languages.ts';
import { useSettings, type ThemePreference, type UpColor } from './settings-store.ts';
import { marketColors } from './palette.ts';
import { OrderConfirmSetting } from './order-confirm-setting.tsx';
import { OneTapSetting } from './one-tap-setting.tsx';
import { PushSwitch } from '../push/push-switch.tsx';
import { useResolvedTheme } from './theme.ts';
import { useSession, isSignedIn } from '../session/session-store.ts';
import { logout } from '../auth/auth-api.ts';
import { queryClient } from '../../lib/query-client.ts';

const THEMES: ThemePreference[] = ['light', 'dark', 'system'];
const CONVENTIONS: UpColor[] = ['green-up', 'red-up'];

/** `/mine/system`: display settings (public, visitors need them too) and About. */
export function SystemPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { lang, theme, upColor, setTheme, setUpColor } = useSettings();
  const resolved = useResolvedTheme();
  const signedIn = useSession(isSignedIn);

  /**
   * Confirmed first (docs/CONTRACT.md "Form rules"); then the session ends on the server (and the
   * real one kept while in the own demo account), the user and token are forgotten (which signs the
   * socket out, see use-socket-session.ts), and home.
   */
  const signOut = async () => {
    const confirmed = await Dialog.confirm({
      content: t('settings.logoutConfirm'),
      confirmText: t('settings.logout'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    // In the own demo account the kept real session ends too: logging out leaves neither behind.
    const keptReal = useSession.getState().realSession !== null;
    try {
      await logout();
      if (keptReal) {
        // The socket's notice of the demo session's end may have gone back to real already.
        useSession.getState().backToReal();
        await logout();
      }
    } catch {
      // Already ended or unreachable: this device forgets the session either way.
    }
    useSession.getState().signOut();
    queryClient.removeQueries({ queryKey: ['user_info'] });
    void navigate('/', { replace: true });
  };

  return (
    <div className="page page--settings" data-testid="system-page">
      <PageHeader title={t('pages.settings')} back />

      <List header={t('settings.display')} mode="card">
        <List.Item title={t('settings.theme')} data-testid="theme-setting">
          <div className="segmented" role="radiogroup" aria-label={t('settings.theme')}>
            {THEMES.map((option) => (
              <button
                key={option}
                type="button"
                role="radio"
                aria-checked={theme === option}
                className={`segmented__item ${theme === option ? 'is-active' : ''}`}
                onClick={() => setTheme(option)}
                data-testid={`theme-${option}`}
              >
                {t(`settings.theme_${option}`)}
              </button>
            ))}
          </div>
        </List.Item>
        <List.Item title={t('settings.colorConvention')} description={t('settings.colorConventionHint')}>
          <div className="convention-options" role="radiogroup" aria-label={t('settings.colorConvention')}>
            {CONVENTIONS.map((option) => {
              const { up, down } = marketColors(resolved, option);
              return (
                <button
                  key={option}
                  type="button"
                  role="radio"
                  aria-checked={upColor === option}
                  className={`convention ${upColor === option ? 'is-active' : ''}`}
                  onClick={() => setUpColor(option)}
                  data-testid={`convention-${option}`}
                >
                  <span className="convention__swatches" aria-hidden>
                    <span style={{ background: up }}>▲</span>
                    <span style={{ background: down }}>▼</span>
                  </span>
                  {t(option === 'green-up' ? 'settings.greenUp' : 'settings.redUp')}
                </button>
              );
            })}
          </div>
        </List.Item>
        <List.Item
          onClick={() => navigate('/language')}
          extra={NATIVE_LANGUAGE_NAMES[lang]}
          data-testid="language-link"
        >
          {t('settings.language')}
        </List.Item>
      </List>

      <OrderConfirmSetting />
      <OneTapSetting />
      <PushSwitch />

      <List header={t('settings.about')} mode="card">
        <List.Item extra={<span className="num">{__APP_VERSION__}</span>}>{t('settings.version')}</List.Item>
        <List.Item
          description={
            <a
              href="https://www.tradingview.com/"
              target="_blank"
              rel="noopener noreferrer"
              data-testid="chart-attribution"
            >
              {t('settings.chartAttribution')}
            </a>
          }
        >
          {t('settings.charts')}
        </List.Item>
      </List>

      {signedIn && (
        <div className="logout">
          <Button
            block
            size="large"
            color="danger"
            fill="outline"
            onClick={() => void signOut()}
            data-testid="logout"
          >
            {t('settings.logout')}
          </Button>
        </div>
      )}
    </div>
  );
}
