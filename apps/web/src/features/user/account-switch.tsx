/**
 * Real / Demo on /user, for a real user: Demo opens (or returns to) their own demo account, Real
 * goes back to the real session kept on this phone. Nothing is lost either way (both accounts keep
 * their positions and figures), so neither asks for confirmation. Every screen follows the token:
 * its queries are keyed by it and the socket signs in with it (use-socket-session.ts).
 */
import { useTranslation } from 'react-i18next';
import { Toast } from 'antd-mobile';
import { ownDemoLogin } from '../auth/auth-api.ts';
import { isInOwnDemo, useSession } from '../session/session-store.ts';
import { useSending } from '../../lib/use-sending.ts';

export function AccountSwitch() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const inOwnDemo = useSession(isInOwnDemo);
  const { busy, send } = useSending();
  // A visitor's demo account has no real account to switch to.
  if (!user || (user.is_demo === 1 && !inOwnDemo)) return null;

  const toDemo = () =>
    // The server's message confirms the switch; a refusal is shown by the request layer.
    send(ownDemoLogin, (result) => useSession.getState().enterOwnDemo(result.token, result.user));
  const toReal = () => {
    useSession.getState().backToReal();
    Toast.show({ icon: 'success', content: t('user.backToReal') });
  };
  const options = [
    { demo: false, label: t('user.switchReal'), testId: 'switch-real', choose: toReal },
    { demo: true, label: t('user.switchDemo'), testId: 'switch-demo', choose: toDemo },
  ];

  return (
    <section className="account-switch" aria-label={t('user.accountKind')}>
      <div className="segmented" role="radiogroup" aria-label={t('user.accountKind')} aria-busy={busy}>
        {options.map((option) => (
          <button
            key={option.testId}
            type="button"
            role="radio"
            aria-checked={inOwnDemo === option.demo}
            className={`segmented__item ${inOwnDemo === option.demo ? 'is-active' : ''}`}
            disabled={busy}
            onClick={() => {
              if (inOwnDemo !== option.demo) void option.choose();
            }}
            data-testid={option.testId}
          >
            {option.label}
          </button>
        ))}
      </div>
      <p className="account-switch__note" data-testid="account-switch-note">
        {inOwnDemo ? t('user.ownDemoNote') : t('user.realNote')}
      </p>
    </section>
  );
}
