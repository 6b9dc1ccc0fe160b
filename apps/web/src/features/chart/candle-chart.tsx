import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, SpinLoading } from 'antd-mobile';
import {
  CandlestickSeries,
  HistogramSeries,
  createChart,
  type IChartApi,
  type ISeriesApi,
  type LogicalRange,
} from 'lightweight-charts';
import { klineTopic, type Instrument, type KlinePoint, type Period } from '@omp/protocol';
import { api, isAbortError } from '../../lib/api.ts';
import { getSocket } from '../../lib/socket.ts';
import { useOnReconnect } from '../../lib/use-socket-events.ts';
import { PALETTES } from '../settings/palette.ts';
import { formatPrice } from '../../lib/format.ts';
import { useMarketColors, useResolvedTheme } from '../settings/theme.ts';
import { useSettings } from '../settings/settings-store.ts';
import { chartOptions } from './chart-options.ts';
import { applyForming, isDrawable, labelTimeZone, mergeOlder, toCandle, toVolume } from './kline-data.ts';
import { useIndicators } from './indicator-prefs.ts';
import { useIndicatorSeries, type IndicatorLine } from './use-indicator-series.ts';
import { useOrderLines } from './use-order-lines.ts';
import { ChartLegend } from './chart-legend.tsx';
import { IndicatorsSheet } from './indicators-sheet.tsx';
import { LineMoveSheet } from './line-move-sheet.tsx';
import type { LineMove } from './line-move.ts';
import { ChartToolbar, OrderLineList } from './chart-toolbar.tsx';

const PAGE_SIZE = 300;
/** Load older bars when fewer than this many are left off-screen to the left. */
const OLDER_THRESHOLD = 20;
/** Volume is context, not the subject: faint bars in the bottom eighth of the chart. */
const VOLUME_ALPHA = '38';

type Status = 'loading' | 'ready' | 'empty' | 'error';

interface Series {
  chart: IChartApi;
  candles: ISeriesApi<'Candlestick'>;
  volume: ISeriesApi<'Histogram'>;
}

/**
 * The candlestick chart of /trade: 300 bars of history, older pages when the user scrolls to the
 * left edge, and the forming bar from `KLINE.<Code>.<period>` pushes; the user's indicators (in
 * panes of their own for MACD and RSI), the crosshair legend, and the user's orders as price lines
 * whose targets and stops can be dragged. Full screen on a button or when the phone is turned
 * sideways (trade.css). The container exposes `data-bars` (bars loaded) and `data-panes` for the
 * browser tests.
 */
export function CandleChart({
  instrument,
  period,
  top,
}: {
  instrument: Instrument;
  period: Period;
  /** Shown above the chart, also in full screen: the period bar. */
  top?: ReactNode;
}) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  const zone = useSettings((s) => s.chartTimeZone);
  const theme = useResolvedTheme();
  const { up, down } = useMarketColors();
  const containerRef = useRef<HTMLDivElement>(null);
  const seriesRef = useRef<Series | null>(null);
  const barsRef = useRef<KlinePoint[]>([]);
  const [status, setStatus] = useState<Status>('loading');
  const [attempt, setAttempt] = useState(0);
  // Bars that completed while the connection was down never arrive as pushes: reload the history.
  useOnReconnect(() => setAttempt((n) => n + 1));

  // Colours are read inside callbacks (pushes, older pages) through a ref, so a theme change does
  // not tear down the subscription.
  const colorsRef = useRef({ up, down });
  colorsRef.current = { up, down };

  const [indicators, setIndicators] = useIndicators();
  const [indicatorLines, setIndicatorLines] = useState<IndicatorLine[]>([]);
  const [indicatorsOpen, setIndicatorsOpen] = useState(false);
  const [fullScreen, setFullScreen] = useState(false);
  const [move, setMove] = useState<LineMove | undefined>();
  // Bumped (at most once a frame) when bars are drawn, so the legend shows the latest values.
  const [revision, setRevision] = useState(0);
  const frameRef = useRef(0);
  const bump = useCallback(() => {
    if (frameRef.current) return;
    frameRef.current = requestAnimationFrame(() => {
      frameRef.current = 0;
      setRevision((n) => n + 1);
    });
  }, []);
  useEffect(() => () => cancelAnimationFrame(frameRef.current), []);

  // The chart itself lives as long as the component.
  useEffect(() => {
    const element = containerRef.current;
    if (!element) return;
    const chart = createChart(element, { autoSize: true });
    const candles = chart.addSeries(CandlestickSeries, { borderVisible: false });
    const volume = chart.addSeries(HistogramSeries, {
      priceScaleId: 'volume',
      priceFormat: { type: 'volume' },
      lastValueVisible: false,
      priceLineVisible: false,
    });
    chart.priceScale('volume').applyOptions({ scaleMargins: { top: 0.87, bottom: 0 } });
    seriesRef.current = { chart, candles, volume };
    return () => {
      seriesRef.current = null;
      chart.remove();
    };
  }, []);

  const drawableBars = useCallback(() => barsRef.current.filter(isDrawable), []);
  const { redraw } = useIndicatorSeries(
    seriesRef,
    indicators,
    instrument.PricePrecision,
    drawableBars,
    setIndicatorLines,
  );
  const { lines, cancelMove } = useOrderLines(seriesRef, containerRef, instrument, setMove);

  // Theme, language, precision and the label zone change the look, not the data.
  useEffect(() => {
    const series = seriesRef.current;
    if (!series) return;
    const precision = instrument.PricePrecision;
    series.chart.applyOptions(chartOptions(PALETTES[theme], lang, labelTimeZone(period, zone)));
    series.candles.applyOptions({
      upColor: up,
      downColor: down,
      wickUpColor: up,
      wickDownColor: down,
      priceFormat: {
        type: 'custom',
        minMove: 10 ** -precision,
        formatter: (price: number) => formatPrice(price, precision, lang),
      },
    });
    series.volume.setData(
      barsRef.current.filter(isDrawable).map((bar) => toVolume(bar, up + VOLUME_ALPHA, down + VOLUME_ALPHA)),
    );
  }, [theme, lang, up, down, instrument.PricePrecision, period, zone]);

  // History and the live forming bar, per instrument and period.
  useEffect(() => {
    const series = seriesRef.current;
    const element = containerRef.current;
    if (!series || !element) return;
    const controller = new AbortController();
    let loaded = false;
    let loadingOlder = false;
    let exhausted = false;
    let pendingPush: KlinePoint | null = null;
    barsRef.current = [];
    element.dataset.bars = '0';
    element.dataset.period = period;
    series.candles.setData([]);
    series.volume.setData([]);
    setStatus('loading');

    const volumeOf = (bar: KlinePoint) =>
      toVolume(bar, colorsRef.current.up + VOLUME_ALPHA, colorsRef.current.down + VOLUME_ALPHA);

    const drawAll = () => {
      const bars = barsRef.current.filter(isDrawable);
      series.candles.setData(bars.map((bar) => toCandle(bar)));
      series.volume.setData(bars.map(volumeOf));
      redraw(bars);
      element.dataset.bars = String(bars.length);
      bump();
    };

    const applyPush = (bar: KlinePoint) => {
      if (!isDrawable(bar)) return;
      const effect = applyForming(barsRef.current, bar);
      if (effect === 'ignore') return;
      series.candles.update(toCandle(bar));
      series.volume.update(volumeOf(bar));
      redraw(barsRef.current.filter(isDrawable));
      bump();
      if (effect === 'append') element.dataset.bars = String(barsRef.current.length);
      setStatus('ready');
    };

    const off = getSocket().subscribe(klineTopic(instrument.Code, period), (message) => {
      if (message.type !== 'KLINE' || message.period !== period) return;
      if (loaded) applyPush(message.kline);
      else pendingPush = message.kline;
    });

    api
      .get<KlinePoint[]>('/v1/api/forex/kline', {
        params: { forex_id: instrument.Id, period, limit: PAGE_SIZE },
        signal: controller.signal,
        showErrorMessage: false,
      })
      .then((bars) => {
        barsRef.current = mergeOlder([], bars ?? []);
        exhausted = barsRef.current.length < PAGE_SIZE;
        drawAll();
        loaded = true;
        if (pendingPush) applyPush(pendingPush);
        series.chart.timeScale().scrollToRealTime();
        setStatus(barsRef.current.length > 0 ? 'ready' : 'empty');
      })
      .catch((error: unknown) => {
        if (!isAbortError(error)) setStatus('error');
      });

    const loadOlder = (range: LogicalRange | null) => {
      if (!range || !loaded || loadingOlder || exhausted || range.from > OLDER_THRESHOLD) return;
      const oldest = barsRef.current[0];
      if (!oldest) return;
      loadingOlder = true;
      api
        .get<KlinePoint[]>('/v1/api/forex/kline', {
          params: { forex_id: instrument.Id, period, limit: PAGE_SIZE, before: oldest.Time },
          signal: controller.signal,
          showErrorMessage: false,
        })
        .then((older) => {
          const before = barsRef.current.length;
          barsRef.current = mergeOlder(older ?? [], barsRef.current);
          const added = barsRef.current.length - before;
          if (added <= 0 || (older?.length ?? 0) < PAGE_SIZE) exhausted = true;
          // Redrawing keeps the view anchored to the latest bar, so the user's place holds.
          if (added > 0) drawAll();
        })
        .catch(() => {
          // A failed older page only means less history; scrolling there again retries.
        })
        .finally(() => {
          loadingOlder = false;
        });
    };
    series.chart.timeScale().subscribeVisibleLogicalRangeChange(loadOlder);

    return () => {
      controller.abort();
      off();
      series.chart.timeScale().unsubscribeVisibleLogicalRangeChange(loadOlder);
    };
  }, [instrument.Id, instrument.Code, period, attempt, redraw, bump]);

  // Where each pane starts, for the lower panes' legends; and how many there are, for the tests.
  const panes = seriesRef.current?.chart.panes() ?? [];
  const paneTops = panes.map((_, index) =>
    panes.slice(0, index).reduce((top, pane) => top + pane.getHeight() + 1, 0),
  );
  useEffect(() => {
    if (containerRef.current) containerRef.current.dataset.panes = String(panes.length);
  });

  // A new size (full screen, turning the phone) moves the lower panes: their legends follow.
  useEffect(() => {
    const element = containerRef.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(bump);
    observer.observe(element);
    return () => observer.disconnect();
  }, [bump]);

  // Leaving full screen with the back gesture's key on desktops, as every full-screen view does.
  useEffect(() => {
    if (!fullScreen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setFullScreen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [fullScreen]);

  const activeCount = Object.values(indicators).filter((indicator) => indicator.on).length;
  return (
    <section className={`chart-area ${fullScreen ? 'chart-area--full' : ''}`} data-testid="chart-area">
      <div className="chart-area__bar">
        {top}
        <ChartToolbar
          activeIndicators={activeCount}
          fullScreen={fullScreen}
          onIndicators={() => setIndicatorsOpen(true)}
          onFullScreen={() => setFullScreen((on) => !on)}
        />
      </div>
      <div className="chart-box" dir="ltr">
        <div
          ref={containerRef}
          className="chart-canvas"
          data-testid="kline-chart"
          data-status={status}
          aria-label={t('trade.chartLabel', { symbol: instrument.ShowCode })}
          role="img"
        />
        <ChartLegend
          chart={seriesRef.current?.chart}
          candles={seriesRef.current?.candles}
          lines={indicatorLines}
          precision={instrument.PricePrecision}
          timeZone={labelTimeZone(period, zone)}
          revision={revision}
          paneTops={paneTops}
        />
        <OrderLineList
          lines={lines}
          precision={instrument.PricePrecision}
          yOf={(price) => seriesRef.current?.candles.priceToCoordinate(price) ?? null}
        />
        {status === 'loading' && (
          <div className="chart-overlay">
            <SpinLoading color="primary" style={{ '--size': '28px' }} />
          </div>
        )}
        {status === 'empty' && (
          <div className="chart-overlay chart-overlay--text">{t('trade.noChartData')}</div>
        )}
        {status === 'error' && (
          <div className="chart-overlay chart-overlay--text">
            <span>{t('trade.chartFailed')}</span>
            <Button size="small" onClick={() => setAttempt((n) => n + 1)}>
              {t('common.retry')}
            </Button>
          </div>
        )}
      </div>
      <IndicatorsSheet
        visible={indicatorsOpen}
        settings={indicators}
        onChange={setIndicators}
        onClose={() => setIndicatorsOpen(false)}
      />
      <LineMoveSheet
        move={move}
        instrument={instrument}
        onDone={(saved) => {
          if (!saved) cancelMove();
          setMove(undefined);
        }}
      />
    </section>
  );
}
