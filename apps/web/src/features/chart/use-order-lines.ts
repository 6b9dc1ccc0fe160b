/**
 * The user's orders of the shown instrument as price lines on the candle series, kept in step with
 * the order lists (refetched on every trading push), and the finger drag of a target or stop line.
 *
 * lightweight-charts has no drag for price lines. A pointer that goes down within HIT_SLOP_PX of a
 * draggable line takes the gesture: the chart's own scrolling and scaling are switched off until
 * the pointer is up (pointer events come before the touch and mouse events the chart listens to),
 * and the chart's listeners, which sit inside the container, see none of the gesture's events. The
 * line follows the finger at prices snapped to the instrument's precision; letting go proposes the
 * move to `onMove`, which asks for a confirmation. The line stays at its new place until the order
 * lists say otherwise or `cancelMove` puts it back. The price scale widens to show lines just
 * outside the candles, so a take profit above the highs can be seen and grabbed.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  LineStyle,
  type AutoscaleInfo,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
} from 'lightweight-charts';
import { useTranslation } from 'react-i18next';
import type { Instrument, OrderRow } from '@omp/protocol';
import { formatLots, formatPrice } from '../../lib/format.ts';
import { useSettings } from '../settings/settings-store.ts';
import { DealTab, useDeals } from '../trading/trading-api.ts';
import { kindKeyOf } from '../orders/order-texts.ts';
import { chartLinesOf, rangeWithLines, withMoved, type ChartLine } from './chart-lines.ts';
import { lineAt, priceAtY } from './line-drag.ts';
import type { LineMove } from './line-move.ts';

export interface ChartParts {
  chart: IChartApi;
  candles: ISeriesApi<'Candlestick'>;
}

const LINE_COLORS = { entry: '#2f6bff', target: '#f59e0b', takeProfit: '#12a37b', stopLoss: '#e5484d' };

function useOpenRows(): OrderRow[] {
  const holding = useDeals(DealTab.holding);
  const pending = useDeals(DealTab.pending);
  return useMemo(
    () => [holding.data, pending.data].flatMap((pages) => pages?.pages.flatMap((page) => page.data) ?? []),
    [holding.data, pending.data],
  );
}

export function useOrderLines(
  partsRef: React.RefObject<ChartParts | null>,
  containerRef: React.RefObject<HTMLDivElement | null>,
  instrument: Instrument,
  onMove: (move: LineMove) => void,
) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  const rows = useOpenRows();
  const precision = instrument.PricePrecision;
  const [moved, setMoved] = useState<ReadonlyMap<string, number>>(new Map());

  const baseLines = useMemo(
    () =>
      chartLinesOf(rows, instrument.Id, {
        order: (row, price) =>
          t('chartTools.lineOrder', { side: t(kindKeyOf(row)), lots: formatLots(row.Quantity, lang), price }),
        takeProfit: (id) => t('chartTools.lineTakeProfit', { id }),
        stopLoss: (id) => t('chartTools.lineStopLoss', { id }),
        price: (value) => formatPrice(value, precision, lang),
      }),
    [rows, instrument.Id, t, lang, precision],
  );
  // New order lists mean the server's word: drop the local positions of moved lines.
  useEffect(() => setMoved(new Map()), [rows]);
  const lines = useMemo(() => withMoved(baseLines, moved), [baseLines, moved]);

  // The scale keeps the orders' lines in view (within reason, chart-lines.ts): at the server's
  // prices, so a line being dragged does not rescale the chart under the finger.
  const scalePrices = useRef<number[]>([]);
  scalePrices.current = baseLines.map((line) => line.price);
  useEffect(() => {
    partsRef.current?.candles.applyOptions({
      autoscaleInfoProvider: (candlesOnly: () => AutoscaleInfo | null) => {
        const info = candlesOnly();
        return info && { ...info, priceRange: rangeWithLines(info.priceRange, scalePrices.current) };
      },
    });
  }, [partsRef]);

  // Draw: one price line per chart line, updated in place, removed when its order is gone.
  const drawn = useRef(new Map<string, IPriceLine>());
  useEffect(() => {
    const candles = partsRef.current?.candles;
    if (!candles) return;
    const seen = new Set<string>();
    for (const line of lines) {
      seen.add(line.id);
      const options = {
        price: line.price,
        title: line.title,
        color: LINE_COLORS[line.role],
        lineWidth: 1 as const,
        lineStyle: line.role === 'entry' ? LineStyle.Solid : LineStyle.Dashed,
        axisLabelVisible: true,
      };
      const existing = drawn.current.get(line.id);
      if (existing) existing.applyOptions(options);
      else drawn.current.set(line.id, candles.createPriceLine(options));
    }
    for (const [id, priceLine] of drawn.current) {
      if (seen.has(id)) continue;
      candles.removePriceLine(priceLine);
      drawn.current.delete(id);
    }
  }, [lines, partsRef]);
  // The chart (and its lines) goes away with the component; forget the handles with it.
  useEffect(() => () => drawn.current.clear(), []);

  // Drag: read through refs so the listeners are attached once.
  const linesRef = useRef(lines);
  linesRef.current = lines;
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const onMoveRef = useRef(onMove);
  onMoveRef.current = onMove;
  const precisionRef = useRef(precision);
  precisionRef.current = precision;

  useEffect(() => {
    const element = containerRef.current;
    if (!element) return;
    let drag: { line: ChartLine; pointerId: number; price: number; text: string } | undefined;
    const yOf = (event: PointerEvent) => event.clientY - element.getBoundingClientRect().top;
    const setScrolling = (on: boolean) =>
      partsRef.current?.chart.applyOptions({ handleScroll: on, handleScale: on });

    const down = (event: PointerEvent) => {
      const candles = partsRef.current?.candles;
      if (!candles || drag) return;
      const line = lineAt(linesRef.current, yOf(event), (price) => candles.priceToCoordinate(price));
      if (!line) return;
      drag = { line, pointerId: event.pointerId, price: line.price, text: '' };
      setScrolling(false);
      element.setPointerCapture?.(event.pointerId);
      element.dataset.dragging = line.id;
      event.preventDefault();
      event.stopPropagation();
    };
    const move = (event: PointerEvent) => {
      const candles = partsRef.current?.candles;
      if (!drag || event.pointerId !== drag.pointerId || !candles) return;
      event.preventDefault();
      event.stopPropagation();
      const next = priceAtY(yOf(event), (y) => candles.coordinateToPrice(y), precisionRef.current);
      if (!next || next.price === drag.price) return;
      drag = { ...drag, ...next };
      const id = drag.line.id;
      setMoved((current) => new Map(current).set(id, next.price));
    };
    const up = (event: PointerEvent) => {
      if (!drag || event.pointerId !== drag.pointerId) return;
      const finished = drag;
      drag = undefined;
      delete element.dataset.dragging;
      setScrolling(true);
      event.stopPropagation();
      const row = rowsRef.current.find((r) => r.Id === finished.line.orderId);
      if (row && finished.text && finished.price !== finished.line.price)
        onMoveRef.current({ line: finished.line, row, price: finished.price, text: finished.text });
    };
    // While a line is held, the chart sees nothing of the gesture, and the browser does not pan
    // the page with it (which would also cancel the pointer mid-drag).
    const swallow = (event: Event) => {
      if (!drag) return;
      event.stopPropagation();
      if (event.cancelable && event.type.startsWith('touch')) event.preventDefault();
    };
    const options = { capture: true, passive: false } as const;
    element.addEventListener('pointerdown', down, options);
    element.addEventListener('pointermove', move, options);
    element.addEventListener('pointerup', up, options);
    element.addEventListener('pointercancel', up, options);
    for (const type of ['touchstart', 'touchmove', 'mousedown', 'mousemove'] as const)
      element.addEventListener(type, swallow, options);
    return () => {
      element.removeEventListener('pointerdown', down, options);
      element.removeEventListener('pointermove', move, options);
      element.removeEventListener('pointerup', up, options);
      element.removeEventListener('pointercancel', up, options);
      for (const type of ['touchstart', 'touchmove', 'mousedown', 'mousemove'] as const)
        element.removeEventListener(type, swallow, options);
    };
  }, [containerRef, partsRef]);

  const cancelMove = useCallback(() => setMoved(new Map()), []);
  return { lines, cancelMove };
}
