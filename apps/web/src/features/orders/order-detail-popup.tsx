/**
 * Every figure of one order, live while it is open, with what can be done to it: close a holding
 * position or cancel a pending order (each after a confirmation), close part of a position (its
 * own sheet, features/closing), and edit its take profit and stop loss. Closing the popup is the caller's: it also closes when a push says the order closed.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Dialog } from 'antd-mobile';
import { ClosedType, OrderStatus, type OrderRow } from '@omp/protocol';
import { InstrumentLogo } from '../../ui/instrument-logo.tsx';
import { BottomSheet, SheetHeader } from '../../ui/bottom-sheet.tsx';
import {
  formatDateTime,
  formatLots,
  formatPips,
  formatPrice,
  formatUsd,
  isolateLtr,
} from '../../lib/format.ts';
import { useSettings } from '../settings/settings-store.ts';
import { cancelOrder, closeOrder } from '../trading/trading-api.ts';
import { isBuy, kindKeyOf, outcomeKeyOf, statusKeyOf } from './order-texts.ts';
import { toneOf } from './account-strip.tsx';
import { useMarketQuote } from './use-market-quote.ts';
import { FillItems } from './fill-details.tsx';
import { hasFillDetails } from '../notices/fill-rules.ts';
import { canClosePart, usePartRules } from '../closing/close-part-popup.tsx';
import { pipDecimalsOf } from './trailing-rules.ts';

export function OrderDetailPopup({
  row,
  visible,
  onClose,
  onEditStops,
  onClosePart,
}: {
  row: OrderRow | undefined;
  visible: boolean;
  onClose(): void;
  onEditStops(row: OrderRow): void;
  onClosePart(row: OrderRow): void;
}) {
  const { t } = useTranslation();
  return (
    <BottomSheet visible={visible && row !== undefined} onClose={onClose}>
      {row && (
        <div className="order-detail" data-testid="order-detail" data-id={row.Id}>
          <SheetHeader
            lead={
              <InstrumentLogo src={row.ForexTradeLists.Logo} code={row.ForexTradeLists.ShowCode} size={28} />
            }
            title={
              <>
                {row.ForexTradeLists.ShowCode}{' '}
                <span className={`side-badge side-badge--${isBuy(row) ? 'buy' : 'sell'}`}>
                  {t(kindKeyOf(row))}
                </span>
              </>
            }
            onClose={onClose}
          />
          <DetailFigures row={row} />
          {row.ClosedType === ClosedType.stopOut && <StopOutLink row={row} onClose={onClose} />}
          <DetailActions row={row} onClose={onClose} onEditStops={onEditStops} onClosePart={onClosePart} />
        </div>
      )}
    </BottomSheet>
  );
}

function DetailFigures({ row }: { row: OrderRow }) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  const precision = row.ForexTradeLists.PricePrecision;
  const quote = useMarketQuote(row.ForexTradeLists.Code);
  const price = (value: number | undefined) => (value ? formatPrice(value, precision, lang) : '–');
  const pips = (value: number) => formatPips(value, pipDecimalsOf(precision), lang);
  const usd = (value: number) => formatUsd(value, lang);
  const time = (unix: number) => (unix > 0 ? formatDateTime(unix, lang) : '–');
  const pending = row.Status === OrderStatus.pending;
  const holding = row.Status === OrderStatus.holding;
  const finished = !pending && !holding;
  // What the order would trade at now: a holding position closes at the bid (buy) or ask (sell);
  // a pending order waits for the ask (buy) or the bid (sell).
  const market = holding ? row.Price : quote ? (isBuy(row) ? quote.Ask : quote.Bid) : undefined;
  const outcome = outcomeKeyOf(row);
  const profitTone = toneOf(row.FactProfits);

  // `wide` items take a whole row and hold words (dates, reasons): they follow the language's
  // direction; the others are figures, isolated left to right.
  type Item = [label: string, value: ReactNode, testId?: string | undefined, wide?: boolean];
  const items: Item[] = [
    [t('orders.orderId'), `#${row.Id}`],
    [t('orders.status'), <span className="detail-text">{t(statusKeyOf(row))}</span>],
    [t('orders.side'), <span className="detail-text">{t(kindKeyOf(row))}</span>],
    [t('orders.lots'), formatLots(row.Quantity, lang)],
    [t('orders.leverage'), `1:${row.Multiple}`],
    [pending ? t('orders.targetPrice') : t('orders.openPrice'), price(row.OriginPrice), 'detail-open-price'],
    finished
      ? [t('orders.closePrice'), price(row.UpdatePrice), 'detail-close-price']
      : [t('orders.marketPrice'), price(market), 'detail-market-price'],
    [t('orders.margin'), row.CautionMoney > 0 ? usd(row.CautionMoney) : '–'],
    [t('orders.fee'), row.TradeFee > 0 ? usd(row.TradeFee) : '–'],
    [
      finished ? t('orders.realizedProfit') : t('orders.profit'),
      pending || row.Status === OrderStatus.cancelled ? (
        '–'
      ) : (
        <span className={profitTone ? `text-${profitTone}` : ''}>
          {formatUsd(row.FactProfits, lang, { signed: true })}
        </span>
      ),
      'detail-profit',
    ],
    [t('ticket.stopLoss'), price(row.TargetLossPrice), 'detail-stop-loss'],
    [t('ticket.takeProfit'), price(row.TargetProfitPrice), 'detail-take-profit'],
    [
      t('trailing.detail'),
      row.TrailingStop > 0 ? t('trailing.cardValue', { pips: pips(row.TrailingStop) }) : '–',
      'detail-trailing-stop',
    ],
    // Dates and the reason are long: a whole row each.
    [t('orders.createTime'), time(row.CreateTime), undefined, true],
    [t('orders.openTime'), time(row.OpenTime), undefined, true],
  ];
  if (finished) items.push([t('orders.closeTime'), time(row.CloseTime), 'detail-close-time', true]);
  if (outcome) items.push([t('orders.closeReason'), t(outcome), 'detail-outcome', true]);

  return (
    <dl className="detail-grid">
      {items.map(([label, value, testId, wide], index) => (
        // Position is the identity: the list's shape depends only on the order's status.
        <div className={`detail-grid__item ${wide ? 'detail-grid__item--wide' : ''}`} key={index}>
          <dt>{label}</dt>
          <dd className={wide ? 'tabular' : 'num'} data-testid={testId}>
            {value}
          </dd>
        </div>
      ))}
      {hasFillDetails(row) && <FillItems row={row} />}
    </dl>
  );
}

/** A position a stop-out closed leads to the explanation of that stop-out. */
function StopOutLink({ row, onClose }: { row: OrderRow; onClose(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="order-detail__why"
      data-testid="detail-stop-out-why"
      onClick={() => {
        onClose();
        void navigate(`/stop-out?order=${row.Id}`);
      }}
    >
      {t('explainer.whyClosed')}
    </button>
  );
}

function DetailActions({
  row,
  onClose,
  onEditStops,
  onClosePart,
}: {
  row: OrderRow;
  onClose(): void;
  onEditStops(row: OrderRow): void;
  onClosePart(row: OrderRow): void;
}) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  const partRules = usePartRules(row);
  const holding = row.Status === OrderStatus.holding;
  const pending = row.Status === OrderStatus.pending;
  if (!holding && !pending) return null;
  const lots = formatLots(row.Quantity, lang);
  const symbol = row.ForexTradeLists.ShowCode;

  const confirmAndRun = async () => {
    const confirmed = await Dialog.confirm({
      title: holding ? t('orders.closeTitle') : t('orders.cancelTitle'),
      content: holding
        ? t('orders.closeBody', {
            symbol,
            lots,
            profit: isolateLtr(formatUsd(row.FactProfits, lang, { signed: true })),
          })
        : t('orders.cancelBody', { symbol, lots }),
      confirmText: holding ? t('orders.closeConfirm') : t('orders.cancelConfirm'),
      cancelText: t('orders.keep'),
    });
    if (!confirmed) return;
    try {
      await (holding ? closeOrder(row.Id) : cancelOrder(row.Id));
      onClose();
    } catch {
      // The request layer has shown the server's reason; the order stays as it is.
    }
  };

  const splittable = holding && canClosePart(row, partRules);
  return (
    <div className="sheet__actions">
      <button
        type="button"
        className="sheet-button"
        onClick={() => onEditStops(row)}
        data-testid="edit-stops"
      >
        {t('orders.editStops')}
      </button>
      {splittable && (
        <button
          type="button"
          className="sheet-button"
          onClick={() => onClosePart(row)}
          data-testid="close-part-open"
        >
          {t('closing.part')}
        </button>
      )}
      <button
        type="button"
        className={`sheet-button sheet-button--danger ${splittable ? 'sheet-button--wide' : ''}`}
        onClick={() => void confirmAndRun()}
        data-testid={holding ? 'close-order' : 'cancel-order'}
      >
        {holding ? t('orders.closePosition') : t('orders.cancelOrder')}
      </button>
    </div>
  );
}
