import { useTranslation } from 'react-i18next';
import { Dialog, List, Switch } from 'antd-mobile';
import { useSettings } from './settings-store.ts';

/**
 * One-tap trading: off by default. Turning it on first shows what it means (a tap on buy or sell
 * sends the order at once, with no question, large orders included) and only an explicit accept
 * turns it on; turning it off needs no question.
 */
export function OneTapSetting() {
  const { t } = useTranslation();
  const oneTap = useSettings((s) => s.oneTap);
  const setOneTap = useSettings((s) => s.setOneTap);

  const change = async (on: boolean) => {
    if (!on) return setOneTap(false);
    const accepted = await Dialog.confirm({
      title: t('riskAndFills.oneTapWarningTitle'),
      content: <div data-testid="one-tap-warning">{t('riskAndFills.oneTapWarning')}</div>,
      confirmText: <span data-testid="one-tap-accept">{t('riskAndFills.oneTapAccept')}</span>,
      cancelText: t('common.cancel'),
    });
    if (accepted) setOneTap(true);
  };

  return (
    <List mode="card">
      <List.Item
        title={t('riskAndFills.oneTap')}
        description={t(oneTap ? 'riskAndFills.oneTapOnHint' : 'riskAndFills.oneTapOffHint')}
        extra={
          <Switch
            checked={oneTap}
            onChange={(on) => void change(on)}
            aria-label={t('riskAndFills.oneTap')}
            data-testid="one-tap-switch"
          />
        }
        data-testid="one-tap-setting"
      />
    </List>
  );
}
