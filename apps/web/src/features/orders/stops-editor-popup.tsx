/**
 * Take profit, stop loss and trailing stop of a holding position or a pending order, in a sheet of
 * its own. Each box starts with the current value; emptied, it removes that stop (sent as 0). The
 * stops may be typed as a price, in pips or in money, as on the order ticket (stop-units.ts):
 * distances and amounts count from the order's open price (a pending order's target) with its
 * side and lots, at its instrument's USD rate. The hint under each box says on which side of the
 * reference price the stop must stay, live; once filled, the box shows the other two units.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Popup } from 'antd-mobile';
import { OrderStatus, type OrderRow } from '@omp/protocol';
import { formatPrice } from '../../lib/format.ts';
import { useSettings } from '../settings/settings-store.ts';
import { setStops } from '../trading/trading-api.ts';
import { useTradeList } from '../quotes/market-queries.ts';
import { StopField, StopUnitSwitch } from '../ticket/stop-field.tsx';
import { useStopInputs } from '../ticket/use-stop-inputs.ts';
import { useUsdRate } from '../ticket/use-usd-rate.ts';
import { readLots } from '../ticket/lot-rules.ts';
import { pricePoints } from '../ticket/ticket-preview.ts';
import type { StopBasis } from '../ticket/stop-units.ts';
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

/** What pips and money count from: the order as it opened (or will open), never the live price. */
function useStopBasisOf(row: OrderRow): StopBasis {
  const instrument = useTradeList().data?.find((candidate) => candidate.Id === row.ForexId);
  const usdRate = useUsdRate(instrument);
  const precision = row.ForexTradeLists.PricePrecision;
  return {
    side: isBuy(row) ? 'buy' : 'sell',
    openPoints: pricePoints(String(row.OriginPrice), precision) ?? 0,
    lots: readLots(String(row.Quantity)),
    contractSize: row.ForexContNum,
    precision,
    usdRate,
  };
}

function StopsForm({ row, onClose }: { row: OrderRow; onClose(): void }) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  const precision = row.ForexTradeLists.PricePrecision;
  const basis = useStopBasisOf(row);
  // Read once: a trailing stop moving meanwhile must not rewrite what is being typed.
  const stops = useStopInputs(basis, {
    stopLoss: stopText(row.TargetLossPrice, precision),
    takeProfit: stopText(row.TargetProfitPrice, precision),
  });
  const [trailing, setTrailing] = useState(() => trailingText(row.TrailingStop));
  const reference = stopsReferenceOf(row);
  const problem = checkStops(row, stops.stopLossPrice, stops.takeProfitPrice);
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
      await setStops(row.Id, stops.takeProfitPrice || '0', stops.stopLossPrice || '0', trailing || '0');
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
      <StopUnitSwitch unit={stops.unit} onUnit={stops.setUnit} />
      <div className="ticket-stops">
        <StopField
          kind="stopLoss"
          unit={stops.unit}
          text={stops.stopLoss}
          onText={stops.setStopLoss}
          basis={basis}
          id="edit-stop-loss"
          hint={buy ? below : above}
          error={errorOf('stopLoss')}
          testId="edit-stop-loss"
          inputTestId="edit-stop-loss"
        />
        <StopField
          kind="takeProfit"
          unit={stops.unit}
          text={stops.takeProfit}
          onText={stops.setTakeProfit}
          basis={basis}
          id="edit-take-profit"
          hint={buy ? above : below}
          error={errorOf('takeProfit')}
          testId="edit-take-profit"
          inputTestId="edit-take-profit"
        />
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
