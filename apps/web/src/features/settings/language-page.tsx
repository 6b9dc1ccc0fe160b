import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { List, Toast } from 'antd-mobile';
import { CheckOutline } from 'antd-mobile-icons';
import type { Language } from '@omp/protocol';
import { PageHeader } from '../../ui/page-header.tsx';
import { LANGUAGE_LIST, htmlLang } from '../../i18n/languages.ts';
import { useSettings } from './settings-store.ts';
import { changeLanguage } from './change-language.ts';

/** `/language`: the 15 languages, each in its own name, the current one checked. */
export function LanguagePage() {
  const { t } = useTranslation();
  const current = useSettings((s) => s.lang);
  const [busy, setBusy] = useState<Language | null>(null);

  const choose = async (lang: Language) => {
    if (lang === current || busy) return;
    setBusy(lang);
    try {
      await changeLanguage(lang);
    } catch {
      Toast.show({ content: t('errors.languageFailed') });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="page" data-testid="language-page">
      <PageHeader title={t('pages.language')} back />
      <List mode="card">
        {LANGUAGE_LIST.map(({ code, name }) => (
          <List.Item
            key={code}
            onClick={() => void choose(code)}
            arrowIcon={false}
            extra={
              code === current ? (
                <CheckOutline className="text-accent" aria-label={t('common.selected')} />
              ) : null
            }
            data-testid={`language-${code}`}
            aria-current={code === current ? 'true' : undefined}
          >
            <span lang={htmlLang(code)}>{name}</span>
          </List.Item>
        ))}
      </List>
    </div>
  );
}
