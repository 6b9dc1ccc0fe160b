/**
 * The legend over the chart: the time, open, high, low and close of the bar under the crosshair
 * (the latest bar when there is none) and each indicator's value at it, the lower panes' values at
 * the top of their pane. Figures in tabular numerals, so the legend does not jitter as the finger
 * moves.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IChartApi, ISeriesApi, MouseEventParams, Time } from 'lightweight-charts';
import { formatChartTime, formatPrice } from '../../lib/format.ts';
import { useSettings } from '../settings/settings-store.ts';
import type { IndicatorLine } from './use-indicator-series.ts';

interface Bar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

interface LegendState {
  bar: Bar | undefined;
  values: Map<string, number>;
}

function valueOf(item: unknown): number | undefined {
  if (item && typeof item === 'object' && 'value' in item && typeof item.value === 'number')
    return item.value;
  return undefined;
}

/** The legend at the latest bar: the last point of each series. */
function latest(candles: ISeriesApi<'Candlestick'>, lines: readonly IndicatorLine[]): LegendState {
  const data = candles.data();
  const last = data[data.length - 1] as (Bar & { time: Time }) | undefined;
  const values = new Map<string, number>();
  for (const line of lines) {
    const points = line.series.data();
    const value = valueOf(points[points.length - 1]);
    if (value !== undefined) values.set(line.key, value);
  }
  return { bar: last && 'open' in last ? { ...last, time: Number(last.time) } : undefined, values };
}

export function ChartLegend({
  chart,
  candles,
  lines,
  precision,
  timeZone,
  revision,
  paneTops,
}: {
  chart: IChartApi | undefined;
  candles: ISeriesApi<'Candlestick'> | undefined;
  lines: readonly IndicatorLine[];
  precision: number;
  timeZone: string | undefined;
  /** Changes whenever the bars were redrawn, so the latest values show. */
  revision: number;
  /** Top of each pane in the chart's box, CSS pixels. */
  paneTops: readonly number[];
}) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  const [hovered, setHovered] = useState<LegendState | undefined>();
  const [state, setState] = useState<LegendState>({ bar: undefined, values: new Map() });

  useEffect(() => {
    if (candles) setState(latest(candles, lines));
  }, [candles, lines, revision]);

  useEffect(() => {
    if (!chart || !candles) return;
    const onMove = (param: MouseEventParams<Time>) => {
      const item = param.time === undefined ? undefined : param.seriesData.get(candles);
      if (!item || !('open' in item)) return setHovered(undefined);
      const values = new Map<string, number>();
      for (const line of lines) {
        const value = valueOf(param.seriesData.get(line.series));
        if (value !== undefined) values.set(line.key, value);
      }
      const bar = item as Bar & { time: Time };
      setHovered({ bar: { ...bar, time: Number(bar.time) }, values });
    };
    chart.subscribeCrosshairMove(onMove);
    return () => chart.unsubscribeCrosshairMove(onMove);
  }, [chart, candles, lines]);

  const shown = hovered ?? state;
  const { bar } = shown;
  const price = (value: number) => formatPrice(value, precision, lang);
  const groups = new Map<
    string,
    { pane: number; items: Array<{ key: string; color: string; value: number | undefined }> }
  >();
  for (const line of lines) {
    const group = groups.get(line.group) ?? { pane: line.pane, items: [] };
    group.items.push({ key: line.key, color: line.color, value: shown.values.get(line.key) });
    groups.set(line.group, group);
  }
  // RSI is a 0–100 figure; MACD a difference of prices, finer than a price.
  const indicatorText = (pane: number, value: number | undefined, name: string) =>
    value === undefined
      ? '–'
      : formatPrice(value, pane === 0 ? precision : name.startsWith('RSI') ? 2 : precision + 1, lang);

  return (
    <>
      <div className="chart-legend" data-testid="chart-legend">
        {bar && (
          <div className="chart-legend__time num">{formatChartTime(bar.time, lang, 'full', timeZone)}</div>
        )}
        {bar && (
          <div className="chart-legend__row num">
            <span>
              {t('chartTools.open')} {price(bar.open)}
            </span>
            <span>
              {t('chartTools.high')} {price(bar.high)}
            </span>
            <span>
              {t('chartTools.low')} {price(bar.low)}
            </span>
            <span>
              {t('chartTools.close')} {price(bar.close)}
            </span>
          </div>
        )}
        {[...groups]
          .filter(([, group]) => group.pane === 0)
          .map(([name, group]) => (
            <LegendGroup
              key={name}
              name={name}
              group={group}
              text={(value) => indicatorText(0, value, name)}
            />
          ))}
      </div>
      {[...groups]
        .filter(([, group]) => group.pane > 0)
        .map(([name, group]) => (
          <div
            key={name}
            className="chart-legend chart-legend--pane"
            style={{ top: (paneTops[group.pane] ?? 0) + 2 }}
          >
            <LegendGroup name={name} group={group} text={(value) => indicatorText(group.pane, value, name)} />
          </div>
        ))}
    </>
  );
}

function LegendGroup({
  name,
  group,
  text,
}: {
  name: string;
  group: { items: Array<{ key: string; color: string; value: number | undefined }> };
  text: (value: number | undefined) => string;
}) {
  return (
    <div className="chart-legend__row num" data-testid={`legend-${name.split(' ')[0]!.toLowerCase()}`}>
      <span className="chart-legend__name">{name}</span>
      {group.items.map((item) => (
        <span key={item.key} style={{ color: item.color }}>
          {text(item.value)}
        </span>
      ))}
    </div>
  );
}
