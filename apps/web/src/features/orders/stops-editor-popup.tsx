/**
 * Take profit, stop loss and trailing stop of a holding position or a pending order, in a sheet of
 * its own. Each box starts with the current value; emptied, it removes that stop (sent as 0). The
 * hint under each box says on which side of the reference price the stop must stay, live.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Popup } from 'antd-mobile';
import { OrderStatus, type OrderRow } from '@omp/protocol';
import { formatPrice } from '../../lib/format.ts';
import { useSettings } from '../settings/settings-store.ts';
import { setStops } from '../trading/trading-api.ts';
import { PriceInput, TicketRow } from '../ticket/ticket-controls.tsx';
import { sanitizePriceText } from '../ticket/ticket-preview.ts';
import { isBuy } from './order-texts.ts';
import { checkStops, stopText, stopsReferenceOf } from './stops-rules.ts';
import { trailingText, trailingTooFar } from './trailing-rules.ts';
import { TrailingStopRow } from './trailing-stop-row.tsx';

export function StopsEditorPopup({
  row,
  visible,
  onClose,
}: {
  row: OrderRow | undefined;
  visible: boolean;
  onClose(): void;
}) {
  return (
    <Popup
      visible={visible && row !== undefined}
      onMaskClick={onClose}
      onClose={onClose}
      position="bottom"
      bodyClassName="sheet"
      destroyOnClose
    >
      {/* Keyed, so reopening for another order starts from that order's stops. */}
      {row && <StopsForm key={row.Id} row={row} onClose={onClose} />}
    </Popup>
  );
}

function StopsForm({ row, onClose }: { row: OrderRow; onClose(): void }) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  const precision = row.ForexTradeLists.PricePrecision;
  const [stopLoss, setStopLoss] = useState(() => stopText(row.TargetLossPrice, precision));
  const [takeProfit, setTakeProfit] = useState(() => stopText(row.TargetProfitPrice, precision));
  const [trailing, setTrailing] = useState(() => trailingText(row.TrailingStop));
  const reference = stopsReferenceOf(row);
  const problem = checkStops(row, stopLoss, takeProfit);
  const trailingProblem = trailingTooFar(trailing, precision, reference) !== undefined;
  const buy = isBuy(row);
  const price = formatPrice(reference, precision, lang);
  const below = t('ticket.optionalBelow', { price });
  const above = t('ticket.optionalAbove', { price });
  const errorOf = (field: 'stopLoss' | 'takeProfit') => {
    if (problem?.field !== field) return undefined;
    if (problem.problem === 'price_invalid') return t('ticket.priceInvalid');
    if (field === 'stopLoss') return t(buy ? 'ticket.stopLossBelow' : 'ticket.stopLossAbove', { price });
    return t(buy ? 'ticket.takeProfitAbove' : 'ticket.takeProfitBelow', { price });
  };

  const save = async () => {
    if (problem || trailingProblem) return;
    try {
      await setStops(row.Id, takeProfit || '0', stopLoss || '0', trailing || '0');
      onClose();
    } catch {
      // The request layer has shown the server's reason; the sheet stays open to correct it.
    }
  };

  return (
    <div className="stops-editor" data-testid="stops-editor">
      <header className="sheet__head">
        <h2 className="sheet__title">
          {t('orders.editStopsTitle', { symbol: row.ForexTradeLists.ShowCode })}
        </h2>
      </header>
      <p className="stops-editor__reference">
        {row.Status === OrderStatus.pending ? t('orders.targetPrice') : t('orders.marketPrice')}{' '}
        <span className="num" data-testid="stops-reference">
          {price}
        </span>
      </p>
      <div className="ticket-stops">
        <TicketRow
          label={t('ticket.stopLoss')}
          htmlFor="edit-stop-loss"
          hint={buy ? below : above}
          error={errorOf('stopLoss')}
        >
          <PriceInput
            id="edit-stop-loss"
            value={stopLoss}
            placeholder={t('ticket.none')}
            invalid={errorOf('stopLoss') !== undefined}
            onValue={(text) => setStopLoss(sanitizePriceText(text, precision))}
            testId="edit-stop-loss"
          />
        </TicketRow>
        <TicketRow
          label={t('ticket.takeProfit')}
          htmlFor="edit-take-profit"
          hint={buy ? above : below}
          error={errorOf('takeProfit')}
        >
          <PriceInput
            id="edit-take-profit"
            value={takeProfit}
            placeholder={t('ticket.none')}
            invalid={errorOf('takeProfit') !== undefined}
            onValue={(text) => setTakeProfit(sanitizePriceText(text, precision))}
            testId="edit-take-profit"
          />
        </TicketRow>
        <TrailingStopRow
          id="edit-trailing-stop"
          value={trailing}
          onValue={setTrailing}
          precision={precision}
          referencePrice={reference}
          testId="edit-trailing-stop"
        />
      </div>
      <div className="sheet__actions">
        <button type="button" className="sheet-button" onClick={onClose}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className="sheet-button sheet-button--primary"
          disabled={problem !== undefined || trailingProblem}
          onClick={() => void save()}
          data-testid="save-stops"
        >
          {t('orders.saveStops')}
        </button>
      </div>
    </div>
  );
}
