import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Instrument } from '@omp/protocol';
import { MarketStatus } from '@omp/protocol';
import { InstrumentLogo } from '../../ui/instrument-logo.tsx';
import { PriceCell } from '../../ui/price-cell.tsx';
import { ChangePill } from '../../ui/change-pill.tsx';
import { useEffectiveQuote } from './quotes-store.ts';
import { MiniChart } from './mini-chart.tsx';
import { formatClock } from '../../lib/format.ts';
import { useSettings } from '../settings/settings-store.ts';
import { useCutOff } from '../../lib/use-socket-events.ts';

interface InstrumentRowProps {
  instrument: Instrument;
  onSelect(instrument: Instrument): void;
  showChart?: boolean;
  subtitle?: string | undefined;
}

/**
 * One line of a quote list: logo, symbol, time of the last quote, trend, bid, change. Memoised and subscribed to its own
 * quote only, so a tick repaints one row, not the list.
 */
export const InstrumentRow = memo(function InstrumentRow({
  instrument,
  onSelect,
  showChart = true,
  subtitle,
}: InstrumentRowProps) {
  const lang = useSettings((s) => s.lang);
  const { quote, marketStatus } = useEffectiveQuote(instrument);
  const closed = marketStatus !== MarketStatus.open;
  const stale = useCutOff();
  return (
    <button
      type="button"
      className={`instrument-row ${closed ? 'is-closed' : ''}`}
      onClick={() => onSelect(instrument)}
      data-testid="instrument-row"
      data-code={instrument.Code}
      data-open={closed ? '0' : '1'}
    >
      <InstrumentLogo src={instrument.Logo} code={instrument.ShowCode} />
      <span className="instrument-row__name">
        <span className="instrument-row__code">{instrument.ShowCode}</span>
        <span className="instrument-row__sub">
          <RowStatus closed={closed} stale={stale}>
            {/* Without a subtitle, the time of the last quote: it shows at a glance that prices are live. */}
            {subtitle ?? <span className="num">{formatClock(quote.NowTime, lang)}</span>}
          </RowStatus>
        </span>
      </span>
      {showChart && <MiniChart forexId={instrument.Id} lastPrice={quote.Bid} />}
      <PriceCell
        className="instrument-row__price"
        value={quote.Bid}
        precision={instrument.PricePrecision}
        testId="row-price"
      />
      <ChangePill percent={quote.Change} testId="row-change" />
    </button>
  );
});

/**
 * What a quote row says under its symbol: "Closed", or "Not live" while the connection is lost
 * (in the same place and height, so nothing moves, and so a figure there is not taken for live),
 * or else `children`.
 */
export function RowStatus({
  closed,
  stale,
  children,
}: {
  closed: boolean;
  stale: boolean;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  if (closed)
    return (
      <span className="closed-tag" data-testid="closed-label">
        {t('quote.closed')}
      </span>
    );
  if (stale)
    return (
      <span className="closed-tag" data-testid="stale-label">
        {t('quote.stale')}
      </span>
    );
  return <>{children}</>;
}
