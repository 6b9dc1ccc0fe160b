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
import { OrderStatus, type OrderRow } from '@omp/protocol';
import { formatPrice } from '../../lib/format.ts';
import { BottomSheet, SheetActions, SheetHeader } from '../../ui/bottom-sheet.tsx';
import { useSettings } from '../settings/settings-store.ts';
import { setStops } from '../trading/trading-api.ts';
import { useTradeList } from '../quotes/market-queries.ts';
import { StopsFields } from '../ticket/stops-fields.tsx';
import { useStopInputs } from '../ticket/use-stop-inputs.ts';
import { useUsdRate } from '../ticket/use-usd-rate.ts';
import { readLots } from '../ticket/lot-rules.ts';
import { pricePoints } from '../ticket/ticket-preview.ts';
import type { StopBasis } from '../ticket/stop-units.ts';
import { isBuy } from './order-texts.ts';
import { checkStops, stopText, stopsReferenceOf } from './stops-rules.ts';
import { trailingText, trailingTooFar } from './trailing-rules.ts';

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
    <BottomSheet visible={visible && row !== undefined} onClose={onClose}>
      {/* Keyed, so reopening for another order starts from that order's stops. */}
      {row && <StopsForm key={row.Id} row={row} onClose={onClose} />}
    </BottomSheet>
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
      <SheetHeader title={t('orders.editStopsTitle', { symbol: row.ForexTradeLists.ShowCode })} />
      <p className="stops-editor__reference">
        {row.Status === OrderStatus.pending ? t('orders.targetPrice') : t('orders.marketPrice')}{' '}
        <span className="num" data-testid="stops-reference">
          {price}
        </span>
      </p>
      <StopsFields
        stops={stops}
        basis={basis}
        ids={{ stopLoss: 'edit-stop-loss', takeProfit: 'edit-take-profit', trailing: 'edit-trailing-stop' }}
        testIds={{
          stopLoss: 'edit-stop-loss',
          stopLossInput: 'edit-stop-loss',
          takeProfit: 'edit-take-profit',
          takeProfitInput: 'edit-take-profit',
          trailing: 'edit-trailing-stop',
        }}
        stopReference={reference}
        profitReference={reference}
        trailingPips={trailing}
        onTrailingPips={setTrailing}
        errorOf={errorOf}
      />
      <SheetActions
        onCancel={onClose}
        confirmLabel={t('orders.saveStops')}
        onConfirm={() => void save()}
        confirmTone="primary"
        confirmTestId="save-stops"
        disabled={problem !== undefined || trailingProblem}
      />
    </div>
  );
}
