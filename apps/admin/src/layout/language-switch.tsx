import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ADMIN_LANGUAGES, preferences, usePreferences, type AdminLanguage } from '../lib/preferences.ts';

const NAMES: Record<AdminLanguage, string> = { en: 'English', 'zh-CN': '简体中文', 'zh-TW': '繁體中文' };

export function LanguageSwitch() {
  const { t } = useTranslation();
  const { lang } = usePreferences();
  return (
    <Select<AdminLanguage>
      aria-label={t('shell.language')}
      value={lang}
      onChange={(value) => preferences.set({ lang: value })}
      options={ADMIN_LANGUAGES.map((value) => ({ value, label: NAMES[value] }))}
      style={{ width: 120 }}
      size="small"
    />
  );
}
