import { useTranslation } from 'react-i18next';
import { List } from 'antd-mobile';
import { useSettings } from './settings-store.ts';
import { ORDER_CONFIRM_MODES } from '../ticket/order-confirmation.ts';

/**
 * When the order ticket asks before sending (ticket/order-confirmation.ts): every order, large ones
 * (the default, the rule spelled out under the choice) or never.
 */
export function OrderConfirmSetting() {
  const { t } = useTranslation();
  const mode = useSettings((s) => s.orderConfirm);
  const setMode = useSettings((s) => s.setOrderConfirm);
  return (
    <List header={t('settings.trading')} mode="card">
      <List.Item
        title={t('settings.orderConfirm')}
        description={t(`settings.orderConfirmHint_${mode}`)}
        data-testid="order-confirm-setting"
      >
        <div className="segmented" role="radiogroup" aria-label={t('settings.orderConfirm')}>
          {ORDER_CONFIRM_MODES.map((option) => (
            <button
              key={option}
              type="button"
              role="radio"
              aria-checked={mode === option}
              className={`segmented__item ${mode === option ? 'is-active' : ''}`}
              onClick={() => setMode(option)}
              data-testid={`order-confirm-${option}`}
            >
              {t(`settings.orderConfirm_${option}`)}
            </button>
          ))}
        </div>
      </List.Item>
    </List>
  );
}
