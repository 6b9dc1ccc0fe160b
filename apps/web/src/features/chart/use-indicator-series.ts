/**
 * The indicators' series on the chart: SMA, EMA and Bollinger bands over the candles, MACD and RSI
 * each in a pane of its own below. The series are made again whenever the settings change (a few
 * at most, so rebuilding is simpler than diffing) and refilled from the bars on every redraw.
 */
import { useCallback, useEffect, useRef } from 'react';
import { HistogramSeries, LineSeries, LineStyle, type IChartApi, type ISeriesApi } from 'lightweight-charts';
import type { KlinePoint } from '@omp/protocol';
import { indicatorPoints, type IndicatorSettings, type Point } from './indicators.ts';

/** One drawn line of an indicator, named for the legend. */
export interface IndicatorLine {
  key: string;
  /** The legend's name of the indicator this line belongs to, e.g. "RSI 14". */
  group: string;
  pane: number;
  color: string;
  series: ISeriesApi<'Line'> | ISeriesApi<'Histogram'>;
  points(all: ReturnType<typeof indicatorPoints>): Point[];
}

export const INDICATOR_COLORS = {
  sma: '#e8a317',
  ema: '#8e5cf6',
  bollinger: '#3d8bfd',
  macd: '#3d8bfd',
  signal: '#f97316',
  rsi: '#8e5cf6',
};
const HISTOGRAM_UP = '#12a37b99';
const HISTOGRAM_DOWN = '#e5484d99';

const quiet = { lastValueVisible: false, priceLineVisible: false, crosshairMarkerVisible: false } as const;

function addLine(chart: IChartApi, pane: number, color: string, width: 1 | 2 = 1) {
  return chart.addSeries(LineSeries, { ...quiet, color, lineWidth: width }, pane);
}

/** Makes the series the settings ask for; returns them with the panes they are in. */
function buildLines(chart: IChartApi, settings: IndicatorSettings, precision: number): IndicatorLine[] {
  const lines: IndicatorLine[] = [];
  const priceFormat = { type: 'price' as const, precision, minMove: 10 ** -precision };
  const { sma, ema, bollinger, macd, rsi } = settings;
  if (sma.on) {
    const series = addLine(chart, 0, INDICATOR_COLORS.sma, 2);
    series.applyOptions({ priceFormat });
    lines.push({
      key: 'sma',
      group: `SMA ${sma.period}`,
      pane: 0,
      color: INDICATOR_COLORS.sma,
      series,
      points: (p) => p.sma,
    });
  }
  if (ema.on) {
    const series = addLine(chart, 0, INDICATOR_COLORS.ema, 2);
    series.applyOptions({ priceFormat });
    lines.push({
      key: 'ema',
      group: `EMA ${ema.period}`,
      pane: 0,
      color: INDICATOR_COLORS.ema,
      series,
      points: (p) => p.ema,
    });
  }
  if (bollinger.on) {
    const group = `BB ${bollinger.period} ${bollinger.deviation}`;
    for (const band of ['upper', 'middle', 'lower'] as const) {
      const series = addLine(chart, 0, INDICATOR_COLORS.bollinger);
      series.applyOptions({ priceFormat, lineStyle: band === 'middle' ? LineStyle.Dotted : LineStyle.Solid });
      lines.push({
        key: `bollinger.${band}`,
        group,
        pane: 0,
        color: INDICATOR_COLORS.bollinger,
        series,
        points: (p) => p.bollinger[band],
      });
    }
  }
  let pane = 1;
  if (macd.on) {
    const group = `MACD ${macd.fast} ${macd.slow} ${macd.signal}`;
    const histogram = chart.addSeries(
      HistogramSeries,
      { ...quiet, priceFormat: { type: 'price', precision: precision + 1, minMove: 10 ** -(precision + 1) } },
      pane,
    );
    lines.push({
      key: 'macd.histogram',
      group,
      pane,
      color: HISTOGRAM_UP,
      series: histogram,
      points: (p) =>
        p.macd.histogram.map((point) => ({
          ...point,
          color: point.value >= 0 ? HISTOGRAM_UP : HISTOGRAM_DOWN,
        })),
    });
    for (const part of ['macd', 'signal'] as const) {
      const series = addLine(chart, pane, INDICATOR_COLORS[part]);
      series.applyOptions({
        priceFormat: { type: 'price', precision: precision + 1, minMove: 10 ** -(precision + 1) },
      });
      lines.push({
        key: `macd.${part}`,
        group,
        pane,
        color: INDICATOR_COLORS[part],
        series,
        points: (p) => p.macd[part],
      });
    }
    pane += 1;
  }
  if (rsi.on) {
    const series = addLine(chart, pane, INDICATOR_COLORS.rsi);
    // RSI lives between 0 and 100; its usual bounds of overbought and oversold are drawn faintly.
    series.applyOptions({
      priceFormat: { type: 'price', precision: 2, minMove: 0.01 },
      autoscaleInfoProvider: () => ({ priceRange: { minValue: 0, maxValue: 100 } }),
    });
    for (const level of [70, 30])
      series.createPriceLine({
        price: level,
        color: '#8b93a0',
        lineStyle: LineStyle.Dashed,
        lineWidth: 1,
        axisLabelVisible: false,
        title: '',
      });
    lines.push({
      key: 'rsi',
      group: `RSI ${rsi.period}`,
      pane,
      color: INDICATOR_COLORS.rsi,
      series,
      points: (p) => p.rsi,
    });
  }
  // The candles keep most of the height; each lower pane a fifth of it.
  chart.panes().forEach((p, index) => p.setStretchFactor(index === 0 ? 3 : 1));
  return lines;
}

function removeLines(chart: IChartApi, lines: readonly IndicatorLine[]): void {
  for (const line of lines) chart.removeSeries(line.series);
  // Panes emptied by the removal go too, so the candles get their height back.
  for (let index = chart.panes().length - 1; index > 0; index -= 1)
    if (chart.panes()[index]?.getSeries().length === 0) chart.removePane(index);
}

/**
 * Keeps the indicator series of `chart` as the settings say; `redraw(bars)` refills them. Answers
 * the current lines through a ref, for the legend.
 */
export function useIndicatorSeries(
  chartRef: React.RefObject<{ chart: IChartApi } | null>,
  settings: IndicatorSettings,
  precision: number,
  bars: () => readonly KlinePoint[],
  onChange: (lines: IndicatorLine[]) => void,
) {
  const linesRef = useRef<IndicatorLine[]>([]);
  const barsRef = useRef(bars);
  barsRef.current = bars;

  const redraw = useCallback((all: readonly KlinePoint[]) => {
    if (linesRef.current.length === 0) return;
    const computed = indicatorPoints(all, settingsRef.current);
    for (const line of linesRef.current) line.series.setData(line.points(computed));
  }, []);
  const settingsRef = useRef(settings);
  settingsRef.current = settings;

  useEffect(() => {
    const chart = chartRef.current?.chart;
    if (!chart) return;
    removeLines(chart, linesRef.current);
    linesRef.current = buildLines(chart, settings, precision);
    redraw(barsRef.current());
    onChange(linesRef.current);
  }, [chartRef, settings, precision, redraw, onChange]);

  return { redraw, linesRef };
}
