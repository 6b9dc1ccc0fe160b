/**
 * Connects the request layer to the app: the language and token stores, antd-mobile toasts, and
 * the router for the 999 (session invalid) redirect.
 */
import { Toast } from 'antd-mobile';
import { createApiClient, configureApi } from '../lib/api.ts';
import { i18next } from '../i18n/index.ts';
import { useSettings } from '../features/settings/settings-store.ts';
import { useSession } from '../features/session/session-store.ts';

let loadingToast: { close(): void } | undefined;

export function wireApi(onSessionInvalid: () => void): void {
  configureApi(
    createApiClient({
      getLang: () => useSettings.getState().lang,
      getToken: () => useSession.getState().token,
      notify: {
        error: (message) => Toast.show({ content: message, position: 'center' }),
        success: (message) => Toast.show({ icon: 'success', content: message }),
        showLoading: () => {
          loadingToast = Toast.show({ icon: 'loading', duration: 0, maskClickable: false });
        },
        hideLoading: () => {
          loadingToast?.close();
          loadingToast = undefined;
        },
      },
      onSessionInvalid: () => {
        useSession.getState().signOut();
        onSessionInvalid();
      },
      messages: {
        network: (detail) => i18next.t('errors.network', { detail }),
        http: (status) => i18next.t('errors.http', { status }),
      },
    }),
  );
}
