/**
 * What a fill cost beyond its price (packages/engine/SPEC.md F2), as the order rows carry it: the
 * price asked for, the price filled, the spread paid (in price and in USD) and the slippage. Shown
 * in the order detail and in the sheet that follows a fill. Orders filled before these were
 * recorded carry 0 and show no such figures.
 */
import { useTranslation } from 'react-i18next';
import { Popup } from 'antd-mobile';
import { OrderStatus, type OrderRow } from '@omp/protocol';
import { InstrumentLogo } from '../../ui/instrument-logo.tsx';
import { formatLots, formatPrice, formatUsd } from '../../lib/format.ts';
import { useSettings } from '../settings/settings-store.ts';
import { isBuy, kindKeyOf } from './order-texts.ts';

/** Whether the row has fill details to show: filled, and filled since they are recorded. */
export function hasFillDetails(row: OrderRow): boolean {
  return row.OpenTime > 0 && row.AskedPrice > 0;
}

export type FillItem = [label: string, value: string, testId: string, tone?: string | undefined];

/** Slippage in the trader's terms: positive is against them (red), negative in their favour. */
export function useFillItems(row: OrderRow): FillItem[] {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  const precision = row.ForexTradeLists.PricePrecision;
  const price = (value: number) => formatPrice(value, precision, lang);
  const slippage = row.Slippage;
  // A slippage is a difference of prices: signed, at the instrument's precision.
  const slippageText = slippage === 0 ? price(0) : `${slippage > 0 ? '+' : '−'}${price(Math.abs(slippage))}`;
  return [
    [t('riskAndFills.askedPrice'), price(row.AskedPrice), 'fill-asked'],
    [t('riskAndFills.filledPrice'), price(row.OriginPrice), 'fill-filled'],
    [t('riskAndFills.spread'), `${price(row.Spread)} · ${formatUsd(row.SpreadCost, lang)}`, 'fill-spread'],
    [
      t('riskAndFills.slippage'),
      slippageText,
      'fill-slippage',
      slippage > 0 ? 'text-danger' : slippage < 0 ? 'text-up' : undefined,
    ],
  ];
}

export function FillItems({ row }: { row: OrderRow }) {
  const items = useFillItems(row);
  return (
    <>
      {items.map(([label, value, testId, tone]) => (
        <div className="detail-grid__item" key={testId}>
          <dt>{label}</dt>
          <dd className={`num ${tone ?? ''}`} data-testid={testId}>
            {value}
          </dd>
        </div>
      ))}
    </>
  );
}

/** The sheet after an order is sent: what was filled and at what cost, or that it waits. */
export function FillSheet({ row, onClose }: { row: OrderRow | undefined; onClose(): void }) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  const filled = row !== undefined && row.Status !== OrderStatus.pending;
  return (
    <Popup
      visible={row !== undefined}
      onMaskClick={onClose}
      onClose={onClose}
      position="bottom"
      bodyClassName="sheet"
      destroyOnClose
    >
      {row && (
        <div className="fill-sheet" data-testid="fill-sheet" data-id={row.Id}>
          <header className="sheet__head">
            <InstrumentLogo src={row.ForexTradeLists.Logo} code={row.ForexTradeLists.ShowCode} size={28} />
            <h2 className="sheet__title">
              {filled ? t('riskAndFills.filledTitle') : t('riskAndFills.placedTitle')}
            </h2>
          </header>
          <p className="fill-sheet__summary">
            {row.ForexTradeLists.ShowCode}{' '}
            <span className={`side-badge side-badge--${isBuy(row) ? 'buy' : 'sell'}`}>
              {t(kindKeyOf(row))}
            </span>{' '}
            <span className="tabular">{t('orders.lotsValue', { lots: formatLots(row.Quantity, lang) })}</span>
          </p>
          {hasFillDetails(row) && (
            <dl className="detail-grid">
              <FillItems row={row} />
            </dl>
          )}
          <div className="sheet__actions">
            <button
              type="button"
              className="sheet-button sheet-button--primary"
              onClick={onClose}
              data-testid="fill-done"
            >
              {t('riskAndFills.done')}
            </button>
          </div>
        </div>
      )}
    </Popup>
  );
}
