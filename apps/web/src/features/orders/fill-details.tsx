/**
 * What a fill cost beyond its price (packages/engine/SPEC.md F2), as the order rows carry it: the
 * price asked for, the price filled, the spread paid (in price and in USD) and the slippage. Shown
 * in the order detail and in the notice that follows a fill (features/notices). Orders filled
 * before these were recorded carry 0 and show no such figures.
 */
import { useTranslation } from 'react-i18next';
import type { OrderRow } from '@omp/protocol';
import { formatPrice, formatUsd } from '../../lib/format.ts';
import { FigureItems, type FigureItem } from '../../ui/figure-items.tsx';
import { useSettings } from '../settings/settings-store.ts';

/** Slippage in the trader's terms: positive is against them (red), negative in their favour. */
export function useFillItems(row: OrderRow): FigureItem[] {
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
  return <FigureItems items={useFillItems(row)} />;
}
