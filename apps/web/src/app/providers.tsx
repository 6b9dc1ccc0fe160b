import { useEffect, type ReactNode } from 'react';
import ConfigProvider from 'antd-mobile/es/components/config-provider';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client.ts';
import { cachedAntdLocale } from '../i18n/antd-locales.ts';
import { useSettings } from '../features/settings/settings-store.ts';
import { applyTheme, useResolvedTheme } from '../features/settings/theme.ts';
import { DisplayLanguage } from '../ui/display-language.ts';

/** Keeps the document's theme in step with the settings and the system preference. */
function ThemeSync() {
  const theme = useResolvedTheme();
  const upColor = useSettings((s) => s.upColor);
  useEffect(() => applyTheme(theme, upColor), [theme, upColor]);
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  const lang = useSettings((s) => s.lang);
  // changeLanguage() loads the table before it stores the language, so it is always cached here.
  const locale = cachedAntdLocale(lang);
  const tree = (
    <QueryClientProvider client={queryClient}>
      <ThemeSync />
      <DisplayLanguage.Provider value={lang}>{children}</DisplayLanguage.Provider>
    </QueryClientProvider>
  );
  return locale ? <ConfigProvider locale={locale}>{tree}</ConfigProvider> : tree;
}
