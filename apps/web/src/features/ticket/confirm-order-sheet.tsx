/**
 * The question a large order asks before it is sent (order-confirmation.ts says when): why it
 * asks, then the instrument, side, lots, price, margin and the margin level after the trade, live
 * while the sheet is open. Confirm sends; Cancel (or a tap beside the sheet) sends nothing.
 */
import { useTranslation } from 'react-i18next';
import { formatUsd2 } from '@omp/engine';
import type { Instrument } from '@omp/protocol';
import { InstrumentLogo } from '../../ui/instrument-logo.tsx';
import { FigureItems, type FigureItem } from '../../ui/figure-items.tsx';
import { BottomSheet, SheetActions, SheetHeader } from '../../ui/bottom-sheet.tsx';
import { formatPercent, formatUsd, isolateLtr } from '../../lib/format.ts';
import { useSettings } from '../settings/settings-store.ts';
import type { ConfirmReason } from './order-confirmation.ts';

export interface ConfirmOrderFigures {
  /** "Buy", "Sell", or the pending kind ("Buy limit"). */
  sideLabel: string;
  side: 'buy' | 'sell';
  lotsText: string;
  /** The price the order opens at, formatted; the target for a pending order. */
  priceText: string;
  pending: boolean;
  marginMicros: bigint | undefined;
  /** Percent, or undefined when unknown. */
  levelAfter: number | undefined;
  marginCallLevel: number | undefined;
}

export function ConfirmOrderSheet({
  instrument,
  reason,
  figures,
  onConfirm,
  onCancel,
}: {
  instrument: Instrument;
  /** Undefined while nothing waits for a confirmation: the sheet is closed. */
  reason: ConfirmReason | undefined;
  figures: ConfirmOrderFigures;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  const margin =
    figures.marginMicros === undefined ? '–' : formatUsd(Number(formatUsd2(figures.marginMicros)), lang);
  const atCall =
    figures.levelAfter !== undefined &&
    figures.marginCallLevel !== undefined &&
    figures.levelAfter <= figures.marginCallLevel;
  const items: FigureItem[] = [
    [t('ticket.confirmInstrument'), instrument.ShowCode, 'confirm-instrument'],
    [t('ticket.side'), figures.sideLabel, 'confirm-side', `text-${figures.side === 'buy' ? 'up' : 'down'}`],
    [t('ticket.lots'), figures.lotsText, 'confirm-lots'],
    [figures.pending ? t('ticket.targetPrice') : t('ticket.price'), figures.priceText, 'confirm-price'],
    [t('ticket.margin'), margin, 'confirm-margin'],
    [
      t('ticket.marginLevelAfter'),
      formatPercent(figures.levelAfter, lang),
      'confirm-level',
      atCall ? 'text-danger' : undefined,
    ],
  ];
  return (
    <BottomSheet visible={reason !== undefined} onClose={onCancel}>
      {reason && (
        <div className="order-confirm" data-testid="order-confirm" data-reason={reason}>
          <SheetHeader
            lead={<InstrumentLogo src={instrument.Logo} code={instrument.ShowCode} size={28} />}
            title={t('ticket.confirmTitle')}
          />
          <p className="order-confirm__reason" role="alert" data-testid="confirm-reason">
            {t(`ticket.confirmReason_${reason}`, {
              level: isolateLtr(formatPercent(figures.marginCallLevel, lang)),
            })}
          </p>
          <dl className="detail-grid">
            <FigureItems items={items} />
          </dl>
          <SheetActions
            onCancel={onCancel}
            cancelTestId="confirm-cancel"
            confirmLabel={t('ticket.confirmSend', { side: figures.sideLabel })}
            onConfirm={onConfirm}
            confirmTone={figures.side === 'buy' ? 'buy' : 'sell'}
            confirmTestId="confirm-send"
          />
        </div>
      )}
    </BottomSheet>
  );
}
