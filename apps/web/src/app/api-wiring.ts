/**
 * Connects the request layer to the app: the language and token stores, antd-mobile toasts, and
 * the router for the 999 (session invalid) redirect.
 */
import type { ToastShowProps } from 'antd-mobile/es/components/toast';
import { loadToast } from '../ui/overlays.ts';
import { createApiClient, configureApi } from '../lib/api.ts';
import { getSocket, isCutOff, setSocketLanguage } from '../lib/socket.ts';
import { i18next } from '../i18n/index.ts';
import { useSettings } from '../features/settings/settings-store.ts';
import { useSession } from '../features/session/session-store.ts';
import { deviceHeaders } from '../features/sessions/device-identity.ts';

/** The spinner asked for; its handle arrives once the toast's code has loaded (ui/overlays.ts). */
let loadingToast: { handle?: { close(): void } } | undefined;

/**
 * antd-mobile shows one toast at a time and a new one reuses the handle of the one on screen, so
 * closing the spinner's handle after a message replaced it would close the message instead. A
 * message therefore takes the spinner's place, and there is no spinner left to close (nor to show,
 * if the toast's code was still loading: the spinner asked for before it no longer appears).
 */
function showMessage(props: ToastShowProps): void {
  loadingToast = undefined;
  void loadToast().then((Toast) => Toast.show(props));
}

function showSpinner(): void {
  const spinner: NonNullable<typeof loadingToast> = {};
  loadingToast = spinner;
  void loadToast().then((Toast) => {
    // Hidden (or replaced by a message) while the code loaded: nothing to show any more.
    if (loadingToast === spinner)
      spinner.handle = Toast.show({ icon: 'loading', duration: 0, maskClickable: false });
  });
}

export function wireApi(onSessionInvalid: () => void): void {
  // The socket's own messages (session_ended, refusals) come in the app's language too.
  setSocketLanguage(() => useSettings.getState().lang);
  configureApi(
    createApiClient({
      getLang: () => useSettings.getState().lang,
      getToken: () => useSession.getState().token,
      notify: {
        error: (message) => showMessage({ content: message, position: 'center' }),
        success: (message) => showMessage({ icon: 'success', content: message }),
        showLoading: showSpinner,
        hideLoading: () => {
          loadingToast?.handle?.close();
          loadingToast = undefined;
        },
      },
      isOffline: () => isCutOff(getSocket().getState()),
      getDeviceHeaders: deviceHeaders,
      onSessionInvalid: () => {
        const session = useSession.getState();
        // The own demo account's session ended: the real session kept on this phone takes over
        // (if it has ended too, its first call comes back here and signs out).
        if (session.realSession) return session.backToReal();
        session.signOut();
        onSessionInvalid();
      },
      messages: {
        // "Failed to fetch" says nothing to a trader: a request that got no answer reads as offline.
        network: () => i18next.t('errors.network'),
        http: (status) => i18next.t('errors.http', { status }),
      },
    }),
  );
}
