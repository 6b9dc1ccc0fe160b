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
  localize: inMemberScript,
});

let toSimplified: Promise<(text: string) => string> | undefined;

/**
 * The server speaks Traditional Chinese (its 15 languages are the phone's); a member reading
 * Simplified gets its sentences converted (OpenCC's Hong Kong to mainland table, loaded on first use).
 */
async function inMemberScript(text: string): Promise<string> {
  if (preferences.get().lang !== 'zh-CN' || !text) return text;
  toSimplified ??= import('opencc-js/t2cn').then((opencc) => opencc.Converter({ from: 'hk', to: 'cn' }));
  return (await toSimplified)(text);
}

/** Calls made with a token that is not (yet) the session's: the second-factor steps of a login. */
export const apiWithToken = (token: string) =>
  createApi({
    getToken: () => token,
    getLang: () => SERVER_LANGUAGE[preferences.get().lang],
    onSessionInvalid: () => {},
    networkError: (detail) => i18next.t('common.network_error', { detail }),
    localize: inMemberScript,
  });
