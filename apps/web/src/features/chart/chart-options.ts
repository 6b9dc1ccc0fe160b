/**
 * Chart options from the app's theme, language and the zone the time labels are written in. Prices
 * are formatted by each series (the candles at the instrument's precision, RSI at 2 decimals), not
 * here: a chart-wide formatter would write RSI as 50.00000.
 */
import {
  ColorType,
  CrosshairMode,
  TickMarkType,
  type ChartOptions,
  type DeepPartial,
  type Time,
} from 'lightweight-charts';
import { LANGUAGE_LOCALES, type Language } from '@omp/protocol';
import type { Palette } from '../settings/palette.ts';
import { formatChartTime } from '../../lib/format.ts';

const FONT =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

function seconds(time: Time): number {
  if (typeof time === 'number') return time;
  if (typeof time === 'string') return Date.parse(time) / 1000;
  return Date.UTC(time.year, time.month - 1, time.day) / 1000;
}

/**
 * The axis label of a tick mark. The chart places marks at UTC boundaries; in another zone a
 * "day" mark may fall at 08:00 local time, so a day or month label is used only where the local
 * time is a local midnight, and the time of day otherwise.
 */
export function tickLabel(
  t: number,
  type: TickMarkType,
  lang: Language,
  timeZone: string | undefined,
): string {
  if (type === TickMarkType.Time || type === TickMarkType.TimeWithSeconds)
    return formatChartTime(t, lang, 'time', timeZone);
  if (timeZone !== 'UTC' && formatChartTime(t, lang, 'time', timeZone) !== '00:00')
    return formatChartTime(t, lang, 'time', timeZone);
  switch (type) {
    case TickMarkType.Year:
      return formatChartTime(t, lang, 'year', timeZone);
    case TickMarkType.Month:
      return formatChartTime(t, lang, 'month', timeZone);
    case TickMarkType.DayOfMonth:
      return formatChartTime(t, lang, 'day', timeZone);
    default:
      return exhaustive(type);
  }
}

export function chartOptions(
  palette: Palette,
  lang: Language,
  timeZone: string | undefined,
): DeepPartial<ChartOptions> {
  return {
    autoSize: true,
    layout: {
      background: { type: ColorType.Solid, color: palette.surface },
      textColor: palette.text2,
      fontSize: 11,
      fontFamily: FONT,
      // The licence's attribution is on the settings page (About) instead of over the chart.
      attributionLogo: false,
      // The line between the candles and the indicator panes: a border, not a highlight.
      panes: { separatorColor: palette.border, separatorHoverColor: palette.surface3 },
    },
    grid: {
      vertLines: { color: palette.chartGrid },
      horzLines: { color: palette.chartGrid },
    },
    rightPriceScale: {
      borderColor: palette.border,
      // Room at the top for the legend's rows over the highest candles.
      scaleMargins: { top: 0.16, bottom: 0.22 },
    },
    timeScale: {
      borderColor: palette.border,
      timeVisible: true,
      secondsVisible: false,
      rightOffset: 4,
      barSpacing: 7,
      minBarSpacing: 2,
      tickMarkFormatter: (time: Time, type: TickMarkType) => tickLabel(seconds(time), type, lang, timeZone),
    },
    crosshair: {
      mode: CrosshairMode.Normal,
      vertLine: { color: palette.text3, labelBackgroundColor: palette.surface3 },
      horzLine: { color: palette.text3, labelBackgroundColor: palette.surface3 },
    },
    localization: {
      locale: LANGUAGE_LOCALES[lang],
      timeFormatter: (time: Time) => formatChartTime(seconds(time), lang, 'full', timeZone),
    },
  };
}

function exhaustive(value: never): string {
  return String(value);
}
