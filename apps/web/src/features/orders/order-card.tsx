import { useTranslation } from 'react-i18next';
import { OrderStatus, type OrderRow } from '@omp/protocol';
import { InstrumentLogo } from '../../ui/instrument-logo.tsx';
import { formatDateTime, formatLots, formatPips, formatPrice, formatUsd } from '../../lib/format.ts';
import { useSettings } from '../settings/settings-store.ts';
import { isBuy, kindKeyOf, outcomeKeyOf } from './order-texts.ts';
import { toneOf } from './account-strip.tsx';
import { useMarketQuote } from './use-market-quote.ts';
import { PositionDangerLine } from './danger-distance.tsx';
import { pipDecimalsOf } from './trailing-rules.ts';

/**
 * One order in a list, MetaTrader-style: instrument, side and size on the first line with the P/L
 * (or, while pending, the market it waits for) on the right; prices on the second; stops, time and
 * outcome on the third. The whole card opens the details.
 */
export function OrderCard({ row, onOpen }: { row: OrderRow; onOpen(row: OrderRow): void }) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  const precision = row.ForexTradeLists.PricePrecision;
  const price = (value: number) => (value > 0 ? formatPrice(value, precision, lang) : '–');
  const pending = row.Status === OrderStatus.pending;
  const holding = row.Status === OrderStatus.holding;
  const outcome = outcomeKeyOf(row);
  const time = holding ? row.OpenTime : pending ? row.CreateTime : row.CloseTime || row.CreateTime;
  const cancelled = row.Status === OrderStatus.cancelled;

  return (
    <button
      type="button"
      className="order-card"
      onClick={() => onOpen(row)}
      data-testid="order-row"
      data-id={row.Id}
      data-status={row.Status}
    >
      <span className="order-card__line">
        <InstrumentLogo src={row.ForexTradeLists.Logo} code={row.ForexTradeLists.ShowCode} size={22} />
        <span className="order-card__symbol">{row.ForexTradeLists.ShowCode}</span>
        <span className={`side-badge side-badge--${isBuy(row) ? 'buy' : 'sell'}`}>{t(kindKeyOf(row))}</span>
        {/* Words and figures apart: a figure is isolated left to right, a sentence follows the language. */}
        <span className="order-card__size tabular">
          {t('orders.lotsValue', { lots: formatLots(row.Quantity, lang) })} ·{' '}
          <span className="num">1:{row.Multiple}</span>
        </span>
        <span className="order-card__end">
          {pending ? (
            <PendingMarket row={row} />
          ) : cancelled ? (
            <span className="order-card__muted">{t('orders.statusCancelled')}</span>
          ) : (
            <span
              className={`order-card__pl num ${toneOf(row.FactProfits) ? `text-${toneOf(row.FactProfits)}` : ''}`}
              data-testid="order-pl"
            >
              {formatUsd(row.FactProfits, lang, { signed: true })}
            </span>
          )}
        </span>
      </span>
      <span className="order-card__line order-card__line--prices">
        {pending ? (
          <span className="tabular">{t('orders.targetAt', { price: price(row.OriginPrice) })}</span>
        ) : (
          <span className="num" data-testid="order-prices">
            {price(row.OriginPrice)} → {price(holding ? row.Price : row.UpdatePrice)}
          </span>
        )}
      </span>
      <span className="order-card__line order-card__line--meta">
        <span>
          {/* Each label with its price, isolated: in a right-to-left line the Latin "SL" and a
              price are one run, so without it TP's price stood beside the SL label. */}
          <bdi>
            {t('orders.slShort')} <span className="num">{price(row.TargetLossPrice)}</span>
          </bdi>
          {' · '}
          <bdi>
            {t('orders.tpShort')} <span className="num">{price(row.TargetProfitPrice)}</span>
          </bdi>
          {/* The stop loss above moves with the price while it trails: the distance says why. */}
          {row.TrailingStop > 0 && (
            <>
              {' · '}
              <span className="order-card__trailing" data-testid="order-trailing">
                {t('trailing.cardValue', {
                  pips: formatPips(row.TrailingStop, pipDecimalsOf(precision), lang),
                })}
              </span>
            </>
          )}
        </span>
        {/* A date has words in some languages (month names): it follows the language's direction. */}
        <span className="order-card__time tabular">{time > 0 ? formatDateTime(time, lang) : ''}</span>
      </span>
      {holding && <PositionDangerLine orderId={row.Id} precision={precision} />}
      {outcome && <span className="order-card__outcome">{t(outcome)}</span>}
    </button>
  );
}

/** A pending order's right column: the live price it waits for (the ask for a buy, the bid for a sell). */
function PendingMarket({ row }: { row: OrderRow }) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  const quote = useMarketQuote(row.ForexTradeLists.Code);
  const market = quote ? (isBuy(row) ? quote.Ask : quote.Bid) : undefined;
  return (
    <span className="order-card__market">
      <span className="order-card__caption">{t('orders.marketPrice')}</span>
      <span className="num">{formatPrice(market, row.ForexTradeLists.PricePrecision, lang)}</span>
    </span>
  );
}
