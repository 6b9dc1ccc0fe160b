/**
 * Chart options from the app's theme, colour convention, language and the instrument's precision.
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
import { formatChartTime, formatPrice } from '../../lib/format.ts';

const FONT =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

function seconds(time: Time): number {
  if (typeof time === 'number') return time;
  if (typeof time === 'string') return Date.parse(time) / 1000;
  return Date.UTC(time.year, time.month - 1, time.day) / 1000;
}

export function chartOptions(palette: Palette, lang: Language, precision: number): DeepPartial<ChartOptions> {
  return {
    autoSize: true,
    layout: {
      background: { type: ColorType.Solid, color: palette.surface },
      textColor: palette.text2,
      fontSize: 11,
      fontFamily: FONT,
      // The licence's attribution is on the settings page (About) instead of over the chart.
      attributionLogo: false,
    },
    grid: {
      vertLines: { color: palette.chartGrid },
      horzLines: { color: palette.chartGrid },
    },
    rightPriceScale: {
      borderColor: palette.border,
      scaleMargins: { top: 0.08, bottom: 0.22 },
    },
    timeScale: {
      borderColor: palette.border,
      timeVisible: true,
      secondsVisible: false,
      rightOffset: 4,
      barSpacing: 7,
      minBarSpacing: 2,
      tickMarkFormatter: (time: Time, type: TickMarkType) => {
        const t = seconds(time);
        switch (type) {
          case TickMarkType.Year:
            return formatChartTime(t, lang, 'year');
          case TickMarkType.Month:
            return formatChartTime(t, lang, 'month');
          case TickMarkType.DayOfMonth:
            return formatChartTime(t, lang, 'day');
          case TickMarkType.Time:
          case TickMarkType.TimeWithSeconds:
            return formatChartTime(t, lang, 'time');
          default:
            return exhaustive(type);
        }
      },
    },
    crosshair: {
      mode: CrosshairMode.Normal,
      vertLine: { color: palette.text3, labelBackgroundColor: palette.surface3 },
      horzLine: { color: palette.text3, labelBackgroundColor: palette.surface3 },
    },
    localization: {
      locale: LANGUAGE_LOCALES[lang],
      priceFormatter: (price: number) => formatPrice(price, precision, lang),
      timeFormatter: (time: Time) => formatChartTime(seconds(time), lang, 'full'),
    },
  };
}

function exhaustive(value: never): string {
  return String(value);
}
