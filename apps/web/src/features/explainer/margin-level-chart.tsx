/**
 * The margin level over the hours before a stop-out or margin call, as a small SVG chart: the
 * recorded levels as a line ending at the moment itself, the margin-call and stop-out levels as
 * dashed lines, a labelled level axis (percent) and time axis (the user's clock).
 */
import { useTranslation } from 'react-i18next';
import type { StopOutSnapshot } from '@omp/protocol';
import { formatClock, formatPercent, isolateLtr } from '../../lib/format.ts';
import { useSettings } from '../settings/settings-store.ts';
import { levelScale } from './margin-level-scale.ts';

const BOX = { width: 340, height: 180, left: 44, right: 12, top: 12, bottom: 34 };

export function MarginLevelChart({
  snapshots,
  marginCallLevel,
  stopOutLevel,
}: {
  snapshots: readonly StopOutSnapshot[];
  marginCallLevel: number;
  stopOutLevel: number;
}) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  const scale = levelScale(
    snapshots.map((s) => ({ time: s.time, level: s.margin_level })),
    { marginCall: marginCallLevel, stopOut: stopOutLevel },
    BOX,
  );
  if (!scale.last) return <p className="explainer__muted">{t('explainer.noHistory')}</p>;
  const plotRight = BOX.width - BOX.right;
  const plotBottom = BOX.height - BOX.bottom;
  const levelLine = (level: number, tone: 'call' | 'stop', label: string) => (
    <g className={`level-chart__limit level-chart__limit--${tone}`}>
      <line x1={BOX.left} x2={plotRight} y1={scale.y(level)} y2={scale.y(level)} />
      {/* The margin call's name above its line, the stop-out's below: apart however close they are. */}
      <text
        x={BOX.left + 4}
        y={tone === 'call' ? scale.y(level) - 4 : scale.y(level) + 11}
        className="level-chart__limit-label"
      >
        {`${label} ${isolateLtr(formatPercent(level, lang))}`}
      </text>
    </g>
  );
  return (
    // A chart reads left to right in every language: time runs that way on its axis.
    <figure className="level-chart" data-testid="margin-level-chart" dir="ltr">
      <svg viewBox={`0 0 ${BOX.width} ${BOX.height}`} role="img" aria-label={t('explainer.chartTitle')}>
        {scale.levelTicks.map((tick) => (
          <g key={tick.level} className="level-chart__tick">
            <line x1={BOX.left} x2={plotRight} y1={tick.y} y2={tick.y} />
            <text x={BOX.left - 6} y={tick.y + 4} textAnchor="end">
              {tick.level}
            </text>
          </g>
        ))}
        {levelLine(marginCallLevel, 'call', t('explainer.marginCallLine'))}
        {levelLine(stopOutLevel, 'stop', t('explainer.stopOutLine'))}
        <polyline className="level-chart__line" points={scale.points} data-testid="margin-level-line" />
        <circle className="level-chart__end" cx={scale.last.x} cy={scale.last.y} r={4} />
        <line className="level-chart__axis" x1={BOX.left} x2={plotRight} y1={plotBottom} y2={plotBottom} />
        <line className="level-chart__axis" x1={BOX.left} x2={BOX.left} y1={BOX.top} y2={plotBottom} />
        {scale.timeTicks.map((tick, index) => (
          <text
            key={tick.time}
            className="level-chart__time"
            x={tick.x}
            y={plotBottom + 14}
            textAnchor={index === 0 && scale.timeTicks.length > 1 ? 'start' : 'end'}
          >
            {formatClock(tick.time, lang)}
          </text>
        ))}
        <text
          className="level-chart__axis-label"
          x={(BOX.left + plotRight) / 2}
          y={BOX.height - 2}
          textAnchor="middle"
        >
          {t('explainer.chartAxisTime')}
        </text>
        <text
          className="level-chart__axis-label"
          transform={`translate(10 ${(BOX.top + plotBottom) / 2}) rotate(-90)`}
          textAnchor="middle"
        >
          {t('explainer.chartAxisLevel')}
        </text>
      </svg>
    </figure>
  );
}
