/**
 * The risk warning as the screens show it: on the ticket one line that never changes height
 * (a skeleton of the same line while loading, so nothing below it jumps) and opens the whole text;
 * on registration a short block. Without an answer from the server the app's own general warning
 * shows, so the warning is never missing where a regulator expects it.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExclamationTriangleOutline } from 'antd-mobile-icons';
import type { RiskWarning } from '@omp/protocol';
import { BottomSheet, SheetHeader } from '../../ui/bottom-sheet.tsx';
import { useRiskWarning } from './risk-api.ts';

/** The text to show: the server's, the app's general warning when it cannot be had, or none yet. */
export function useRiskWarningText(): { text: string | undefined; warning: RiskWarning | undefined } {
  const { t } = useTranslation();
  const query = useRiskWarning();
  const text = query.data?.text ?? (query.isError ? t('riskWarning.fallback') : undefined);
  return { text, warning: query.data };
}

/** Which accounts the figure counts, when there is a figure. */
export function RiskFigureNote({ warning }: { warning: RiskWarning | undefined }) {
  const { t } = useTranslation();
  if (!warning || warning.percent === null) return null;
  return (
    <p className="risk-note" data-testid="risk-figure-note">
      {t('riskWarning.figureBasis', { accounts: warning.accounts, months: warning.window_months })}
    </p>
  );
}

export function RiskWarningLine() {
  const { t } = useTranslation();
  const { text, warning } = useRiskWarningText();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="risk-line"
        onClick={() => text && setOpen(true)}
        aria-label={text ? `${t('riskWarning.title')}: ${text}` : t('riskWarning.title')}
        data-testid="risk-line"
      >
        <ExclamationTriangleOutline className="risk-line__icon" aria-hidden />
        {text ? (
          <span className="risk-line__text">{text}</span>
        ) : (
          <span className="skeleton skeleton--thin risk-line__skeleton" data-testid="risk-line-loading" />
        )}
      </button>
      <BottomSheet visible={open} onClose={() => setOpen(false)}>
        <SheetHeader title={t('riskWarning.title')} onClose={() => setOpen(false)} />
        <div className="risk-sheet" data-testid="risk-sheet">
          <p className="risk-sheet__text">{text}</p>
          <RiskFigureNote warning={warning} />
        </div>
      </BottomSheet>
    </>
  );
}

export function RiskWarningBlock() {
  const { t } = useTranslation();
  const { text } = useRiskWarningText();
  return (
    <aside className="risk-block" aria-label={t('riskWarning.title')} data-testid="risk-block">
      <p className="risk-block__title">
        <ExclamationTriangleOutline aria-hidden /> {t('riskWarning.title')}
      </p>
      {text ? (
        <p className="risk-block__text" data-testid="risk-block-text">
          {text}
        </p>
      ) : (
        <span className="risk-block__skeleton" aria-hidden>
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--line" />
        </span>
      )}
    </aside>
  );
}
