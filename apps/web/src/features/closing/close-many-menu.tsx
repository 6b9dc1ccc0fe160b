/**
 * The "Close…" menu of the positions tab: close all, all of one instrument, the winners or the
 * losers. Each choice opens one confirmation sheet listing what will close (by the P/L shown now),
 * sends one `close_all` request, and then one summary sheet says what closed at what price, and
 * what stayed open and why (packages/engine/SPEC.md PC4–PC5). The server decides which positions
 * are winners at its own price, so the summary, not the preview, is the record.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionSheet } from 'antd-mobile';
import type { CloseAllResult, CloseScope, OrderRow } from '@omp/protocol';
import { formatLots, formatPrice, formatUsd } from '../../lib/format.ts';
import { BottomSheet, SheetActions, SheetHeader } from '../../ui/bottom-sheet.tsx';
import { useSettings } from '../settings/settings-store.ts';
import { closeAllOrders } from '../trading/trading-api.ts';
import { isBuy, kindKeyOf } from '../orders/order-texts.ts';
import { toneOf } from '../orders/account-strip.tsx';

export interface CloseChoice {
  scope: CloseScope;
  forexId?: number;
  /** The title of the choice, already in the user's language. */
  title: string;
}

/** The positions a choice takes, as the screen shows them now. */
export function positionsOf(rows: readonly OrderRow[], choice: Pick<CloseChoice, 'scope' | 'forexId'>) {
  return rows.filter((row) => {
    if (choice.scope === 'instrument') return row.ForexId === choice.forexId;
    if (choice.scope === 'winners') return row.FactProfits > 0;
    if (choice.scope === 'losers') return row.FactProfits < 0;
    return true;
  });
}

export function CloseManyMenu({ rows }: { rows: readonly OrderRow[] }) {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [choice, setChoice] = useState<CloseChoice | null>(null);
  // What the confirmed choice took (for the symbols of skipped ids) and what the server answered.
  const [summary, setSummary] = useState<{ result: CloseAllResult; taken: OrderRow[] } | null>(null);

  const instruments = [...new Map(rows.map((row) => [row.ForexId, row.ForexTradeLists.ShowCode]))];
  const choices: CloseChoice[] = [
    { scope: 'all', title: t('closing.all') },
    ...instruments.map(([forexId, symbol]) => ({
      scope: 'instrument' as const,
      forexId,
      title: t('closing.instrument', { symbol }),
    })),
    { scope: 'winners', title: t('closing.winners') },
    { scope: 'losers', title: t('closing.losers') },
  ];

  const confirm = async (picked: CloseChoice) => {
    const taken = positionsOf(rows, picked);
    try {
      const result = await closeAllOrders(picked.scope, picked.forexId);
      setChoice(null);
      setSummary({ result, taken });
    } catch {
      // The request layer has shown the server's reason; the confirmation stays to try again.
    }
  };

  return (
    <>
      {rows.length > 0 && (
        <div className="close-menu-row">
          <button
            type="button"
            className="close-menu-button"
            onClick={() => setMenuOpen(true)}
            data-testid="close-menu"
          >
            {t('closing.menu')}
          </button>
        </div>
      )}
      <ActionSheet
        visible={menuOpen}
        onClose={() => setMenuOpen(false)}
        cancelText={t('common.cancel')}
        closeOnAction
        actions={choices.map((item, index) => ({
          key: `${item.scope}-${item.forexId ?? index}`,
          text: item.title,
          description: t('closing.positionsCount', { count: positionsOf(rows, item).length }),
          disabled: positionsOf(rows, item).length === 0,
          onClick: () => setChoice(item),
        }))}
      />
      <BottomSheet visible={choice !== null} onClose={() => setChoice(null)}>
        {choice && (
          <ConfirmSheet
            choice={choice}
            taken={positionsOf(rows, choice)}
            onCancel={() => setChoice(null)}
            onConfirm={() => void confirm(choice)}
          />
        )}
      </BottomSheet>
      <BottomSheet visible={summary !== null} onClose={() => setSummary(null)}>
        {summary && <SummarySheet {...summary} onDone={() => setSummary(null)} />}
      </BottomSheet>
    </>
  );
}

function ConfirmSheet({
  choice,
  taken,
  onCancel,
  onConfirm,
}: {
  choice: CloseChoice;
  taken: OrderRow[];
  onCancel(): void;
  onConfirm(): void;
}) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  const total = taken.reduce((sum, row) => sum + Math.round(row.FactProfits * 1e6), 0) / 1e6;
  return (
    <div className="close-many" data-testid="close-confirm">
      <SheetHeader title={choice.title} />
      <p className="close-many__lead">{t('closing.confirmLead', { count: taken.length })}</p>
      <ul className="close-many__list">
        {taken.map((row) => (
          <PositionLine key={row.Id} row={row} price={row.Price} profit={row.FactProfits} />
        ))}
      </ul>
      <p className="close-many__total">
        {t('closing.profitNow')}{' '}
        <span className={`num ${toneOf(total) ? `text-${toneOf(total)}` : ''}`}>
          {formatUsd(total, lang, { signed: true })}
        </span>
      </p>
      <SheetActions
        onCancel={onCancel}
        cancelLabel={t('orders.keep')}
        confirmLabel={t('closing.confirm')}
        onConfirm={onConfirm}
        confirmTone="danger"
        confirmTestId="close-confirm-send"
        disabled={taken.length === 0}
      />
    </div>
  );
}

function SummarySheet({
  result,
  taken,
  onDone,
}: {
  result: CloseAllResult;
  taken: OrderRow[];
  onDone(): void;
}) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  const symbolOf = (id: number) => taken.find((row) => row.Id === id)?.ForexTradeLists.ShowCode ?? `#${id}`;
  return (
    <div className="close-many" data-testid="close-summary">
      <SheetHeader title={t('closing.summaryTitle', { count: result.closed.length })} />
      {result.closed.length === 0 && <p className="close-many__lead">{t('closing.noneClosed')}</p>}
      <ul className="close-many__list" data-testid="close-summary-closed">
        {result.closed.map((row) => (
          <PositionLine key={row.Id} row={row} price={row.Price} profit={row.FactProfits} closed />
        ))}
      </ul>
      {result.skipped.length > 0 && (
        <>
          <h3 className="close-many__subtitle">{t('closing.skippedTitle')}</h3>
          <ul className="close-many__list" data-testid="close-summary-skipped">
            {result.skipped.map(({ id, reason }) => (
              <li key={id} className="close-many__line">
                <span className="close-many__symbol">{symbolOf(id)}</span>
                <span className="close-many__reason">{t(`closing.reason_${reason}`)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="close-many__total">
        {t('closing.realized')}{' '}
        <span
          className={`num ${toneOf(result.total_profit) ? `text-${toneOf(result.total_profit)}` : ''}`}
          data-testid="close-summary-total"
        >
          {formatUsd(result.total_profit, lang, { signed: true })}
        </span>
      </p>
      <div className="sheet__actions sheet__actions--single">
        <button
          type="button"
          className="sheet-button sheet-button--primary"
          onClick={onDone}
          data-testid="close-summary-done"
        >
          {t('closing.done')}
        </button>
      </div>
    </div>
  );
}

/** One position in a sheet: symbol, side and lots; the price it closes (or closed) at and its P/L. */
function PositionLine({
  row,
  price,
  profit,
  closed = false,
}: {
  row: OrderRow;
  price: number;
  profit: number;
  closed?: boolean;
}) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  const tone = toneOf(profit);
  return (
    <li className="close-many__line" data-testid="close-line" data-id={row.Id}>
      <span className="close-many__symbol">{row.ForexTradeLists.ShowCode}</span>
      <span className={`side-badge side-badge--${isBuy(row) ? 'buy' : 'sell'}`}>{t(kindKeyOf(row))}</span>
      <span className="close-many__lots tabular">
        {t('orders.lotsValue', { lots: formatLots(row.Quantity, lang) })}
      </span>
      <span className="close-many__price tabular">
        {t(closed ? 'closing.closedAt' : 'closing.closesAt', {
          price: formatPrice(price, row.ForexTradeLists.PricePrecision, lang),
        })}
      </span>
      <span className={`close-many__pl num ${tone ? `text-${tone}` : ''}`}>
        {formatUsd(profit, lang, { signed: true })}
      </span>
    </li>
  );
}
