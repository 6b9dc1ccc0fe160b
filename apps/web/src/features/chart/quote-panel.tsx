import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Instrument, Quotation } from '@omp/protocol';
import { PriceCell } from '../../ui/price-cell.tsx';
import { ChangeText } from '../../ui/change-pill.tsx';
import { formatPrice } from '../../lib/format.ts';
import { useSettings } from '../settings/settings-store.ts';

/** The figures above the chart: the bid large, then bid, ask, day high and low, each labelled. */
export function QuotePanel({
  instrument,
  quote,
  action,
}: {
  instrument: Instrument;
  quote: Quotation;
  /** At the end of the price line (the price alert button). */
  action?: ReactNode;
}) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  const precision = instrument.PricePrecision;
  const spreadPoints = Math.round((quote.Ask - quote.Bid) * 10 ** precision);
  return (
    <section className="quote-panel" aria-label={t('trade.quote')}>
      <div className="quote-panel__main">
        <PriceCell
          className="quote-panel__last"
          value={quote.Bid}
          precision={precision}
          tint
          testId="trade-last"
        />
        <span className="quote-panel__change">
          <ChangeText percent={quote.Change} testId="trade-change" />
          <span className="quote-panel__caption">{t('trade.today')}</span>
        </span>
        {action}
      </div>
      <dl className="figures">
        <div className="figure">
          <dt>{t('quote.bid')}</dt>
          <dd>
            <PriceCell value={quote.Bid} precision={precision} testId="trade-bid" />
          </dd>
        </div>
        <div className="figure">
          <dt>{t('quote.ask')}</dt>
          <dd>
            <PriceCell value={quote.Ask} precision={precision} testId="trade-ask" />
          </dd>
        </div>
        <div className="figure">
          <dt>{t('quote.high')}</dt>
          <dd className="num">{formatPrice(quote.High, precision, lang)}</dd>
        </div>
        <div className="figure">
          <dt>{t('quote.low')}</dt>
          <dd className="num">{formatPrice(quote.Low, precision, lang)}</dd>
        </div>
        <div className="figure">
          <dt>{t('quote.spread')}</dt>
          <dd className="num">{Number.isFinite(spreadPoints) ? spreadPoints : '–'}</dd>
        </div>
      </dl>
    </section>
  );
}
