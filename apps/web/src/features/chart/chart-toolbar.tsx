/**
 * The row of chart tools (indicators, full screen), and the order lines as a list: what the canvas
 * draws, said in text for screen readers and read by the browser tests.
 */
import { useTranslation } from 'react-i18next';
import { CloseOutline, SetOutline } from 'antd-mobile-icons';
import type { ChartLine } from './chart-lines.ts';

export function ChartToolbar({
  activeIndicators,
  fullScreen,
  onIndicators,
  onFullScreen,
}: {
  activeIndicators: number;
  fullScreen: boolean;
  onIndicators(): void;
  onFullScreen(): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="chart-tools">
      <button
        type="button"
        className="chart-tools__button"
        onClick={onIndicators}
        aria-haspopup="dialog"
        data-testid="open-indicators"
      >
        <SetOutline aria-hidden />
        {t('chartTools.indicators')}
        {activeIndicators > 0 && <span className="chart-tools__count num">{activeIndicators}</span>}
      </button>
      <button
        type="button"
        className="chart-tools__button"
        onClick={onFullScreen}
        aria-pressed={fullScreen}
        data-testid="toggle-full-screen"
      >
        {fullScreen ? <CloseOutline aria-hidden /> : <FullScreenIcon />}
        {fullScreen ? t('chartTools.exitFullScreen') : t('chartTools.fullScreen')}
      </button>
    </div>
  );
}

/** Four corners pointing out: the usual sign of "full screen", which the icon set lacks. */
function FullScreenIcon() {
  return (
    <svg
      width="1em"
      height="1em"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden
    >
      <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
    </svg>
  );
}

/**
 * The lines drawn on the canvas, as text for screen readers (a canvas says nothing) and for the
 * browser tests: "TP #12 1.09500".
 */
export function OrderLineList({
  lines,
  precision,
  yOf,
}: {
  lines: readonly ChartLine[];
  precision: number;
  /** Where the line is drawn (px from the chart's top) as of this render, for the browser tests. */
  yOf: (price: number) => number | null;
}) {
  return (
    <ul className="visually-hidden" data-testid="chart-lines">
      {lines.map((line) => (
        <li key={line.id} data-line={line.id} data-price={line.price} data-y={yOf(line.price) ?? ''}>
          {line.title} {line.price.toFixed(precision)}
        </li>
      ))}
    </ul>
  );
}
