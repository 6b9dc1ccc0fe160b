import { useSearchParams } from 'react-router';
import { ComingSoonPage } from '../../ui/coming-soon-page.tsx';
import { safeReturnPath } from '../../app/route-guard.ts';

/**
 * /login?from=<path>. The form arrives with the account issue; until then the page exists so the
 * guard has somewhere to send visitors, and it already knows where to send them back.
 */
export function LoginPage() {
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get('from'));
  return (
    <div data-testid="login-page" data-return-to={returnTo}>
      <ComingSoonPage titleKey="pages.login" />
    </div>
  );
}
