import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PERIODS, type Period } from '@omp/protocol';
import { useSettings } from '../settings/settings-store.ts';
import { formatUtcOffset, localOffsetSeconds } from '../../lib/format.ts';

/** The chart's period buttons and its time-axis zone, which the user can flip between local and UTC. */
export function PeriodBar({ period, onChange }: { period: Period; onChange(period: Period): void }) {
  const { t } = useTranslation();
  const zone = useSettings((s) => s.chartTimeZone);
  const setZone = useSettings((s) => s.setChartTimeZone);
  const zoneLabel =
    zone === 'utc'
      ? 'UTC'
      : t('trade.localTime', { offset: formatUtcOffset(localOffsetSeconds(Date.now() / 1000)) });
  const stripRef = useRef<HTMLDivElement>(null);
  // Should the row scroll (a language with long labels), the chosen period stays in sight.
  useEffect(() => {
    const strip = stripRef.current;
    const active = strip?.querySelector<HTMLElement>('.is-active');
    if (!strip || !active) return;
    const box = strip.getBoundingClientRect();
    const button = active.getBoundingClientRect();
    if (button.left < box.left) strip.scrollLeft -= box.left - button.left;
    else if (button.right > box.right) strip.scrollLeft += button.right - box.right;
  }, [period]);
  return (
    <div className="period-bar">
      <div className="period-bar__periods" role="tablist" aria-label={t('trade.period')} ref={stripRef}>
        {PERIODS.map((p) => (
          <button
            key={p}
            type="button"
            role="tab"
            aria-selected={p === period}
            className={`period-bar__button ${p === period ? 'is-active' : ''}`}
            onClick={() => onChange(p)}
            data-testid={`period-${p}`}
          >
            {t(`periods.${p}`)}
          </button>
        ))}
      </div>
      <button
        type="button"
        className="period-bar__zone"
        onClick={() => setZone(zone === 'utc' ? 'local' : 'utc')}
        aria-label={t('trade.timeAxis', { zone: zoneLabel })}
        data-testid="chart-zone"
      >
        {zoneLabel}
      </button>
    </div>
  );
}
