/**
 * "Close part" of a holding position, in a sheet of its own over the position's detail: a lot
 * stepper that offers only sizes the server takes (part-rules.ts), what stays open, and the P/L
 * the part would realize at the current price, live. One tap closes that part at the market.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderRow } from '@omp/protocol';
import { formatLots, formatUsd } from '../../lib/format.ts';
import { BottomSheet, SheetActions, SheetHeader } from '../../ui/bottom-sheet.tsx';
import { useSettings } from '../settings/settings-store.ts';
import { useTradeList } from '../quotes/market-queries.ts';
import { closePartOrder } from '../trading/trading-api.ts';
import { LotStepper, TicketRow } from '../ticket/ticket-controls.tsx';
import { formatLotsText, lotRulesOf, readLots, type LotRules } from '../ticket/lot-rules.ts';
import { toneOf } from '../orders/account-strip.tsx';
import { isValidPart, lotsOfQuantity, partProfitMicros, partRangeOf, stepPart } from './part-rules.ts';

/** The lot rules of a position's instrument; the ticket's defaults until the list has loaded. */
export function usePartRules(row: OrderRow | undefined): LotRules {
  const list = useTradeList().data;
  const code = row?.ForexTradeLists.Code;
  return useMemo(() => {
    const instrument = list?.find((item) => item.Code === code);
    return lotRulesOf(instrument ?? { Pip: 0.01, ForexMinCont: 0.01, ForexMaxCont: 100 });
  }, [list, code]);
}

/** Whether a position is large enough to close in part. */
export function canClosePart(row: OrderRow, rules: LotRules): boolean {
  return partRangeOf(lotsOfQuantity(row.Quantity), rules) !== undefined;
}

export function ClosePartPopup({
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
      {/* Keyed: another position starts from its own smallest part. */}
      {row && <ClosePartForm key={row.Id} row={row} onClose={onClose} />}
    </BottomSheet>
  );
}

function ClosePartForm({ row, onClose }: { row: OrderRow; onClose(): void }) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  const rules = usePartRules(row);
  const whole = lotsOfQuantity(row.Quantity);
  const range = partRangeOf(whole, rules);
  const [text, setText] = useState(() => (range ? formatLotsText(range.min, rules) : ''));
  const part = readLots(text);
  const valid = range !== undefined && isValidPart(part, rules, range);
  const profit = Number(partProfitMicros(row.FactProfits, valid ? part : 0n, whole)) / 1e6;
  const tone = toneOf(profit);
  const symbol = row.ForexTradeLists.ShowCode;
  const lotsOf = (lots: bigint) => formatLots(Number(formatLotsText(lots, { decimals: 8 })), lang);

  const send = async () => {
    if (!valid) return;
    try {
      await closePartOrder(row.Id, formatLotsText(part, rules));
      onClose();
    } catch {
      // The request layer has shown the server's reason; the sheet stays open to change the size.
    }
  };

  return (
    <div className="close-part" data-testid="close-part">
      <SheetHeader title={t('closing.partTitle', { symbol })} />
      <div className="close-part__body">
        <TicketRow
          label={t('closing.lotsToClose')}
          htmlFor="close-part-lots"
          hint={range && t('closing.partRange', { min: lotsOf(range.min), max: lotsOf(range.max) })}
          error={range && !valid ? t('closing.partInvalid') : undefined}
        >
          <LotStepper
            id="close-part-lots"
            text={text}
            canDecrease={range !== undefined && part > range.min}
            canIncrease={range !== undefined && part < range.max}
            onText={setText}
            onCommit={() => undefined}
            onStep={(direction) =>
              range && setText(formatLotsText(stepPart(part, direction, rules, range), rules))
            }
          />
        </TicketRow>
        <dl className="detail-grid close-part__figures">
          <div className="detail-grid__item">
            <dt>{t('closing.staysOpen')}</dt>
            <dd className="num" data-testid="close-part-rest">
              {valid ? lotsOf(whole - part) : '–'}
            </dd>
          </div>
          <div className="detail-grid__item">
            <dt>{t('closing.partProfit')}</dt>
            <dd className={`num ${tone ? `text-${tone}` : ''}`} data-testid="close-part-profit">
              {valid ? formatUsd(profit, lang, { signed: true }) : '–'}
            </dd>
          </div>
        </dl>
      </div>
      <SheetActions
        onCancel={onClose}
        confirmLabel={t('closing.partConfirm', { lots: valid ? lotsOf(part) : '–' })}
        onConfirm={() => void send()}
        confirmTone="danger"
        confirmTestId="close-part-send"
        disabled={!valid}
      />
    </div>
  );
}
