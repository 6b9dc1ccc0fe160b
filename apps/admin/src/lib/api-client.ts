/** The one API client of the app, wired to the session, the language and the texts. */
import i18next from 'i18next';
import { createApi } from './api.ts';
import { preferences, SERVER_LANGUAGE } from './preferences.ts';
import { session } from './session.ts';

export const api = createApi({
  getToken: () => session.token(),
  getLang: () => SERVER_LANGUAGE[preferences.get().lang],
  onSessionInvalid: () => session.signOut(),
  networkError: (detail) => i18next.t('common.network_error', { detail }),
});

/** Calls made with a token that is not (yet) the session's: the second-factor steps of a login. */
export const apiWithToken = (token: string) =>
  createApi({
    getToken: () => token,
    getLang: () => SERVER_LANGUAGE[preferences.get().lang],
    onSessionInvalid: () => {},
    networkError: (detail) => i18next.t('common.network_error', { detail }),
  });
