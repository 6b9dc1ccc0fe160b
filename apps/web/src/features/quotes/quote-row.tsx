import { memo, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import DownOutline from 'antd-mobile-icons/es/DownOutline';
import StarFill from 'antd-mobile-icons/es/StarFill';
import StarOutline from 'antd-mobile-icons/es/StarOutline';
import type { Instrument } from '@omp/protocol';
import { MarketStatus } from '@omp/protocol';
import { InstrumentLogo } from '../../ui/instrument-logo.tsx';
import { PriceCell } from '../../ui/price-cell.tsx';
import { ChangeText } from '../../ui/change-pill.tsx';
import { useMarketStatus, useShownQuote } from './quotes-store.ts';
import { MiniChart } from './mini-chart.tsx';
import { useCutOff } from '../../lib/use-socket-events.ts';
import { RowStatus } from './instrument-row.tsx';

interface QuoteRowProps {
  instrument: Instrument;
  favourite: boolean;
  onSelect(instrument: Instrument): void;
  onToggleFavourite(id: number): void;
}

/** The spread in points (1 point = 10^-precision), from the quote's own bid and ask. */
export function spreadPoints(bid: number, ask: number, precision: number): number {
  return Math.max(0, Math.round((ask - bid) * 10 ** precision));
}

/**
 * One line of the home quote list: a star, then the symbol with its day change, bid, ask and
 * spread (a tap opens the chart), then an expander with the day's open, high, low and trend.
 * Three separate buttons, so a tap on the star or the expander never opens the chart. Memoised,
 * and the row itself follows only the market's status: the figures that move with each tick are
 * components of their own, subscribed to the row's quote, so a push re-renders those figures and
 * nothing else of the row (not its buttons, icons, logo or labels) and none of the other rows;
 * and while the list is hidden behind another screen, nothing at all (`useShownQuote`).
 */
export const QuoteRow = memo(function QuoteRow({
  instrument,
  favourite,
  onSelect,
  onToggleFavourite,
}: QuoteRowProps) {
  const { t } = useTranslation();
  const marketStatus = useMarketStatus(instrument);
  const [expanded, setExpanded] = useState(false);
  const detailsId = useId();
  const closed = marketStatus !== MarketStatus.open;
  const stale = useCutOff();
  const code = instrument.ShowCode;
  return (
    <div
      className={`quote-row ${closed ? 'is-closed' : ''} ${expanded ? 'is-expanded' : ''}`}
      data-testid="instrument-row"
      data-code={instrument.Code}
      data-open={closed ? '0' : '1'}
      data-favourite={favourite ? '1' : '0'}
    >
      <div className="quote-row__line">
        <button
          type="button"
          className={`quote-row__star ${favourite ? 'is-on' : ''}`}
          aria-pressed={favourite}
          aria-label={t(favourite ? 'quote.removeFavourite' : 'quote.addFavourite', { code })}
          onClick={() => onToggleFavourite(instrument.Id)}
          data-testid="favourite-toggle"
        >
          {favourite ? <StarFill /> : <StarOutline />}
        </button>
        <button
          type="button"
          className="quote-row__open"
          onClick={() => onSelect(instrument)}
          data-testid="row-open"
        >
          <InstrumentLogo src={instrument.Logo} code={code} size={28} />
          <LiveFigures
            instrument={instrument}
            status={closed || stale ? <RowStatus closed={closed} stale={stale} /> : null}
            spreadLabel={t('quote.spread')}
          />
        </button>
        <button
          type="button"
          className="quote-row__expand"
          aria-expanded={expanded}
          aria-controls={detailsId}
          aria-label={t('quote.showDay', { code })}
          onClick={() => setExpanded((open) => !open)}
          data-testid="row-expand"
        >
          <DownOutline />
        </button>
      </div>
      {expanded && (
        <RowDetails
          id={detailsId}
          instrument={instrument}
          labels={{ open: t('quote.open'), high: t('quote.high'), low: t('quote.low') }}
        />
      )}
    </div>
  );
});

/**
 * The symbol with its day change (or `status`, when closed or not live), then bid, ask and spread:
 * the part of the row that re-renders with its quote, one subscription per row.
 */
function LiveFigures({
  instrument,
  status,
  spreadLabel,
}: {
  instrument: Instrument;
  status: ReactNode;
  spreadLabel: string;
}) {
  const { quote } = useShownQuote(instrument);
  const precision = instrument.PricePrecision;
  return (
    <>
      <span className="instrument-row__name">
        <span className="instrument-row__code">{instrument.ShowCode}</span>
        <span className="instrument-row__sub">
          {status ?? <ChangeText percent={quote.Change} testId="row-change" />}
        </span>
      </span>
      <span className="quote-row__prices">
        <PriceCell className="quote-row__bid" value={quote.Bid} precision={precision} testId="row-price" />
        <PriceCell className="quote-row__ask" value={quote.Ask} precision={precision} testId="row-ask" />
        <span className="quote-row__spread num" data-testid="row-spread">
          {spreadLabel} {spreadPoints(quote.Bid, quote.Ask, precision)}
        </span>
      </span>
    </>
  );
}

/** The expanded day figures and trend: re-render with the row's quote. */
function RowDetails({
  id,
  instrument,
  labels,
}: {
  id: string;
  instrument: Instrument;
  labels: { open: string; high: string; low: string };
}) {
  const { quote } = useShownQuote(instrument);
  const precision = instrument.PricePrecision;
  return (
    <div id={id} className="quote-row__details" data-testid="row-details">
      <dl className="quote-row__figures">
        {(
          [
            [labels.open, quote.Open, 'day-open'],
            [labels.high, quote.High, 'day-high'],
            [labels.low, quote.Low, 'day-low'],
          ] as const
        ).map(([label, value, testId]) => (
          <div key={testId}>
            <dt>{label}</dt>
            <dd>
              <PriceCell value={value} precision={precision} testId={testId} />
            </dd>
          </div>
        ))}
      </dl>
      <MiniChart forexId={instrument.Id} lastPrice={quote.Bid} />
    </div>
  );
}
