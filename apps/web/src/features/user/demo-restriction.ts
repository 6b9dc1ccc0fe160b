/**
 * The demo restriction (docs/CONTRACT.md "Demo accounts") as the user sees it: a dialog with the
 * contract's message, "Register / log in" and "Cancel". Shown by the guard for a restricted address
 * and by the buttons that lead to one, so a demo user never reaches those screens. In a real
 * user's own demo account the way forward is their real account instead: the dialog says so and
 * switches back to it, then opens the screen asked for.
 */
import { loadDialog } from '../../ui/overlays.ts';
import { i18next } from '../../i18n/index.ts';
import { loginPathFor } from '../../app/route-guard.ts';
import { useSession } from '../session/session-store.ts';

let open: { close(): void } | undefined;
/** The latest dialog asked for: one asked for while the dialog's code loaded supersedes it. */
let asked = 0;

export function showDemoRestriction(navigate: (to: string) => void, wanted: string): void {
  const ask = ++asked;
  void loadDialog().then((Dialog) => {
    if (ask === asked) showWith(Dialog, navigate, wanted);
  });
}

function showWith(
  Dialog: Awaited<ReturnType<typeof loadDialog>>,
  navigate: (to: string) => void,
  wanted: string,
): void {
  // A double tap (or the guard and a button together) must not stack two dialogs.
  open?.close();
  const [path = '/', query = ''] = wanted.split('?');
  const ownDemo = useSession.getState().realSession !== null;
  const handler = Dialog.show({
    content: i18next.t(ownDemo ? 'demo.restrictedOwn' : 'demo.restricted'),
    closeOnAction: true,
    closeOnMaskClick: true,
    // Stacked: "Register / log in" is long in most languages and is the way forward.
    actions: [
      ownDemo
        ? {
            key: 'real',
            text: i18next.t('demo.backToReal'),
            bold: true,
            onClick: () => {
              useSession.getState().backToReal();
              navigate(wanted);
            },
          }
        : {
            key: 'login',
            text: i18next.t('demo.registerOrLogin'),
            bold: true,
            onClick: () => navigate(loginPathFor(path, query ? `?${query}` : '')),
          },
      { key: 'cancel', text: i18next.t('common.cancel') },
    ],
    onClose: () => {
      if (open === handler) open = undefined;
    },
  });
  open = handler;
}
