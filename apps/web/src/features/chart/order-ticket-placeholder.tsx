import { useTranslation } from 'react-i18next';
import type { Instrument, Quotation } from '@omp/protocol';
import { formatPrice } from '../../lib/format.ts';
import { useSettings } from '../settings/settings-store.ts';

/**
 * Where the order form goes when trading arrives. Its buttons already show the prices a sell and
 * a buy would take (bid and ask), disabled, and the closed label when the market is closed.
 */
export function OrderTicketPlaceholder({
  instrument,
  quote,
  open,
}: {
  instrument: Instrument;
  quote: Quotation;
  open: boolean;
}) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  const precision = instrument.PricePrecision;
  return (
    <section className="card ticket" data-testid="order-ticket" aria-label={t('trade.ticketTitle')}>
      <header className="ticket__head">
        <h2 className="card__title">{t('trade.ticketTitle')}</h2>
        <span className="ticket__note">{t('trade.ticketComingSoon')}</span>
      </header>
      <div className="ticket__buttons">
        <button type="button" className="trade-button trade-button--sell" disabled data-testid="sell-button">
          {open ? (
            <>
              <span className="trade-button__label">{t('trade.sell')}</span>
              <span className="num trade-button__price">{formatPrice(quote.Bid, precision, lang)}</span>
            </>
          ) : (
            <span className="trade-button__label">{t('quote.marketClosed')}</span>
          )}
        </button>
        <button type="button" className="trade-button trade-button--buy" disabled data-testid="buy-button">
          {open ? (
            <>
              <span className="trade-button__label">{t('trade.buy')}</span>
              <span className="num trade-button__price">{formatPrice(quote.Ask, precision, lang)}</span>
            </>
          ) : (
            <span className="trade-button__label">{t('quote.marketClosed')}</span>
          )}
        </button>
      </div>
    </section>
  );
}
