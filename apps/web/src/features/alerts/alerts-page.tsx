/**
 * `/alerts`: the user's price alerts, waiting ones first (each with its level, the bid it was set
 * at, and delete), then the ones that fired, with the price and time that fired them. New alerts
 * are set from an instrument's trade screen, where its price is.
 */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, Dialog } from 'antd-mobile';
import { DeleteOutline } from 'antd-mobile-icons';
import type { PriceAlert } from '@omp/protocol';
import { PageHeader } from '../../ui/page-header.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { formatDateTime, formatPrice } from '../../lib/format.ts';
import { useSettings } from '../settings/settings-store.ts';
import { OrderSkeleton } from '../orders/order-skeleton.tsx';
import { deleteAlert, useAlerts } from './alerts-api.ts';
import './alerts.css';

export function AlertsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const alerts = useAlerts();
  const waiting = alerts.data?.filter((a) => a.fired_at === null) ?? [];
  const fired = alerts.data?.filter((a) => a.fired_at !== null) ?? [];
  const toTrade = (
    <Button
      size="small"
      color="primary"
      onClick={() => void navigate('/trade')}
      data-testid="alerts-to-trade"
    >
      {t('alerts.goTrade')}
    </Button>
  );

  return (
    <div className="page alerts-page" data-testid="alerts-page">
      <PageHeader title={t('alerts.title')} back />
      {alerts.isPending ? (
        <OrderSkeleton label={t('common.loading')} />
      ) : alerts.isError ? (
        <EmptyState title={t('common.loadFailed')} />
      ) : alerts.data.length === 0 ? (
        <EmptyState title={t('alerts.empty')} hint={t('alerts.emptyHint')} action={toTrade} />
      ) : (
        <>
          <h2 className="alerts-section">{t('alerts.waiting', { count: waiting.length })}</h2>
          {waiting.length === 0 ? (
            <p className="alerts-none">{t('alerts.noneWaiting')}</p>
          ) : (
            <ul className="alert-list" data-testid="waiting-alerts">
              {waiting.map((alert) => (
                <AlertRow key={alert.id} alert={alert} />
              ))}
            </ul>
          )}
          {fired.length > 0 && (
            <>
              <h2 className="alerts-section">{t('alerts.fired')}</h2>
              <ul className="alert-list" data-testid="fired-alerts">
                {fired.map((alert) => (
                  <AlertRow key={alert.id} alert={alert} />
                ))}
              </ul>
            </>
          )}
          <div className="alerts-footer">{toTrade}</div>
        </>
      )}
    </div>
  );
}

function AlertRow({ alert }: { alert: PriceAlert }) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  const price = (value: number | null) => formatPrice(value, alert.price_precision, lang);
  const condition =
    alert.condition === 'move'
      ? t('alerts.describeMove', {
          percent: alert.move_percent,
          above: price(alert.above_price),
          below: price(alert.below_price),
        })
      : alert.condition === 'above'
        ? t('alerts.describeAbove', { price: price(alert.above_price) })
        : t('alerts.describeBelow', { price: price(alert.below_price) });

  const remove = async () => {
    const confirmed = await Dialog.confirm({
      content: t('alerts.deleteConfirm', { symbol: alert.code }),
      confirmText: t('alerts.delete'),
      cancelText: t('common.cancel'),
    });
    if (confirmed) await deleteAlert(alert.id).catch(() => undefined);
  };

  return (
    <li className="alert-row" data-testid="alert-row" data-condition={alert.condition}>
      <div className="alert-row__text">
        <p className="alert-row__title">
          <span className="alert-row__code">{alert.code}</span> <span>{condition}</span>
        </p>
        <p className="alert-row__meta">
          {alert.fired_at === null ? (
            <>
              {t('alerts.setAt')} <span className="num">{price(alert.reference_price)}</span> ·{' '}
              <span className="num">{formatDateTime(alert.created_at, lang)}</span>
            </>
          ) : (
            <>
              {t('alerts.firedAt')} <span className="num">{price(alert.fired_price)}</span> ·{' '}
              <span className="num">{formatDateTime(alert.fired_at, lang)}</span>
            </>
          )}
        </p>
      </div>
      <button
        type="button"
        className="icon-button alert-row__delete"
        onClick={() => void remove()}
        aria-label={t('alerts.deleteOf', { symbol: alert.code })}
        data-testid="delete-alert"
      >
        <DeleteOutline />
      </button>
    </li>
  );
}
