/**
 * The confirmation of a dragged line: the order, the old and the new price, the profit or loss the
 * order would close with at a moved stop (or the kind a moved pending order becomes), and the
 * first rule the move breaks, if any. Confirming sends `set_stop_price` or `update_pending`;
 * cancelling puts the line back.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Popup } from 'antd-mobile';
import type { Instrument } from '@omp/protocol';
import { formatPrice, formatUsd } from '../../lib/format.ts';
import { useSettings } from '../settings/settings-store.ts';
import { useEffectiveQuote } from '../quotes/quotes-store.ts';
import { useUsdRate } from '../ticket/use-usd-rate.ts';
import { movePending, setStops } from '../trading/trading-api.ts';
import { isBuy, kindKeyOf } from '../orders/order-texts.ts';
import { parsePriceToPoints } from '@omp/engine';
import { pendingKindOf } from '../ticket/ticket-preview.ts';
import { moveProblem, profitAtMove, stopsAfter, type LineMove } from './line-move.ts';

const TITLE_KEYS = {
  takeProfit: 'chartTools.moveTakeProfit',
  stopLoss: 'chartTools.moveStopLoss',
  target: 'chartTools.moveTarget',
  entry: 'chartTools.moveTarget',
} as const;

export function LineMoveSheet({
  move,
  instrument,
  onDone,
}: {
  move: LineMove | undefined;
  instrument: Instrument;
  /** Closed: `saved` tells whether the server took the move. */
  onDone(saved: boolean): void;
}) {
  return (
    <Popup
      visible={move !== undefined}
      onMaskClick={() => onDone(false)}
      onClose={() => onDone(false)}
      position="bottom"
      bodyClassName="sheet"
      destroyOnClose
    >
      {move && (
        <MoveForm key={`${move.line.id}@${move.text}`} move={move} instrument={instrument} onDone={onDone} />
      )}
    </Popup>
  );
}

function MoveForm({
  move,
  instrument,
  onDone,
}: {
  move: LineMove;
  instrument: Instrument;
  onDone(saved: boolean): void;
}) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  const { quote } = useEffectiveQuote(instrument);
  const usdRate = useUsdRate(instrument);
  const [sending, setSending] = useState(false);
  const precision = instrument.PricePrecision;
  const problem = moveProblem(move, quote);
  const profit = profitAtMove(move, usdRate);
  const target = move.line.role === 'target';
  const newKind = target && quote ? kindAfterMove(move, quote) : undefined;

  const confirm = async () => {
    if (problem || sending) return;
    setSending(true);
    try {
      if (target) await movePending(move.row.Id, move.text);
      else {
        const { takeProfit, stopLoss } = stopsAfter(move);
        await setStops(move.row.Id, takeProfit, stopLoss);
      }
      onDone(true);
    } catch {
      // The request layer has shown the server's reason; the line goes back to where it was.
      onDone(false);
    }
  };

  return (
    <div data-testid="line-move-sheet">
      <header className="sheet__head">
        <h2 className="sheet__title">{t(TITLE_KEYS[move.line.role], { id: move.row.Id })}</h2>
      </header>
      <dl className="detail-grid">
        <div className="detail-grid__item detail-grid__item--wide">
          <dt>{t('orders.side')}</dt>
          <dd>
            {t(kindKeyOf(move.row))} · {instrument.ShowCode}
          </dd>
        </div>
        <div className="detail-grid__item">
          <dt>{t('chartTools.fromPrice')}</dt>
          <dd className="num">{formatPrice(move.line.price, precision, lang)}</dd>
        </div>
        <div className="detail-grid__item">
          <dt>{t('chartTools.toPrice')}</dt>
          <dd className="num" data-testid="move-new-price">
            {formatPrice(move.price, precision, lang)}
          </dd>
        </div>
        {profit !== undefined && (
          <div className="detail-grid__item detail-grid__item--wide">
            <dt>{t('chartTools.profitAtPrice')}</dt>
            <dd className={`num ${profit >= 0n ? 'text-up' : 'text-down'}`} data-testid="move-profit">
              {formatUsd(Number(profit) / 1_000_000, lang, { signed: true })}
            </dd>
          </div>
        )}
        {newKind && (
          <div className="detail-grid__item detail-grid__item--wide">
            <dt>{t('chartTools.becomes')}</dt>
            <dd>{t(`orderKinds.${newKind}`)}</dd>
          </div>
        )}
      </dl>
      {problem && (
        <p className="line-move__problem" role="alert" data-testid="move-problem">
          {t(`chartTools.problem_${problem}`)}
        </p>
      )}
      <div className="sheet__actions">
        <button type="button" className="sheet-button" onClick={() => onDone(false)}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className="sheet-button sheet-button--primary"
          disabled={problem !== undefined || sending}
          onClick={() => void confirm()}
          data-testid="confirm-move"
        >
          {t('chartTools.confirmMove')}
        </button>
      </div>
    </div>
  );
}

/** The kind a pending order becomes at its new target (O2), e.g. a buy limit moved above the ask. */
function kindAfterMove(move: LineMove, quote: { Bid: number; Ask: number }) {
  const precision = move.row.ForexTradeLists.PricePrecision;
  const target = parsePriceToPoints(move.text, precision);
  const bid = parsePriceToPoints(quote.Bid, precision);
  const ask = parsePriceToPoints(quote.Ask, precision);
  if (target === null || bid === null || ask === null) return undefined;
  return pendingKindOf(isBuy(move.row) ? 'buy' : 'sell', target, bid, ask);
}
