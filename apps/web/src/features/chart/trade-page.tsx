import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { BellOutline, DownFill, InformationCircleOutline, SearchOutline } from 'antd-mobile-icons';
import { MarketStatus, type Instrument } from '@omp/protocol';
import { PageHeader } from '../../ui/page-header.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PageLoading } from '../../ui/page-loading.tsx';
import { InstrumentLogo } from '../../ui/instrument-logo.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useTradeList } from '../quotes/market-queries.ts';
import { useEffectiveQuote } from '../quotes/quotes-store.ts';
import { resolveCurrent, useCurrentInstrument } from '../instruments/current-instrument-store.ts';
import { InstrumentPicker } from '../instruments/instrument-picker.tsx';
import { SymbolSheet } from '../instruments/symbol-sheet.tsx';
import { useSettings } from '../settings/settings-store.ts';
import { CandleChart } from './candle-chart.tsx';
import { PeriodBar } from './period-bar.tsx';
import { QuotePanel } from './quote-panel.tsx';
import { OrderTicket } from '../ticket/order-ticket.tsx';
import { usePageActive } from '../../app/page-activity.ts';
import { isSignedIn, useSession } from '../session/session-store.ts';
import { AlertSheet } from '../alerts/alert-sheet.tsx';

/** `/trade`: the current instrument's quote, chart and order ticket. Kept alive. */
export default function TradePage() {
  const { t } = useTranslation();
  const list = useTradeList();
  const currentId = useCurrentInstrument((s) => s.id);
  const select = useCurrentInstrument((s) => s.select);
  const instrument = resolveCurrent(list.data, currentId);
  const [pickerOpen, setPickerOpen] = useState(false);
  const active = usePageActive();

  // The drawer renders outside the page (a portal on <body>), so hiding the kept-alive page would
  // leave it floating over the next screen: close it whenever the page is left.
  useEffect(() => {
    if (!active) setPickerOpen(false);
  }, [active]);

  // A link into the app names the instrument (`/trade?id=7`, a price alert's notification): it
  // becomes the current one, and the address drops it so a later visit is not pinned to it.
  const [params, setParams] = useSearchParams();
  const wantedId = Number(params.get('id'));
  useEffect(() => {
    if (!wantedId || !list.data) return;
    const wanted = list.data.find((item) => item.Id === wantedId);
    if (wanted) select(wanted);
    setParams({}, { replace: true });
  }, [wantedId, list.data, select, setParams]);

  // Remember the fallback choice, so the chart does not jump if the list order changes.
  useEffect(() => {
    if (instrument && instrument.Id !== currentId) select(instrument);
  }, [instrument, currentId, select]);

  if (list.isPending) return <PageLoading />;
  if (!instrument) {
    return (
      <div className="page">
        <PageHeader title={t('pages.trade')} />
        <EmptyState title={list.isError ? t('common.loadFailed') : t('common.noData')} />
      </div>
    );
  }
  return (
    <>
      <TradeScreen instrument={instrument} onOpenPicker={() => setPickerOpen(true)} />
      <InstrumentPicker
        visible={pickerOpen && active}
        currentId={instrument.Id}
        onClose={() => setPickerOpen(false)}
        onPick={(picked: Instrument) => {
          select(picked);
          setPickerOpen(false);
        }}
      />
    </>
  );
}

function TradeScreen({ instrument, onOpenPicker }: { instrument: Instrument; onOpenPicker(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = useSettings((s) => s.lang);
  const period = useSettings((s) => s.period);
  const setPeriod = useSettings((s) => s.setPeriod);
  const { quote, marketStatus } = useEffectiveQuote(instrument);
  const open = marketStatus === MarketStatus.open;
  const active = usePageActive();
  const [factsOpen, setFactsOpen] = useState(false);
  const [alertOpen, setAlertOpen] = useState(false);
  const signedIn = useSession(isSignedIn);
  // Like the picker, the sheets are portals: they close when the kept-alive page is left.
  useEffect(() => {
    if (active) return;
    setFactsOpen(false);
    setAlertOpen(false);
  }, [active]);

  return (
    <div className="page page--trade" data-testid="trade-page" data-code={instrument.Code}>
      <PageHeader
        title={
          <button
            type="button"
            className="instrument-switch"
            onClick={onOpenPicker}
            data-testid="open-picker"
            aria-haspopup="dialog"
          >
            <InstrumentLogo src={instrument.Logo} code={instrument.ShowCode} size={22} />
            {/* The name under the code, as trading terminals list a symbol: the whole width for it. */}
            <span className="instrument-switch__text">
              <span className="instrument-switch__code">{instrument.ShowCode}</span>
              {instrument.Name && <span className="instrument-switch__name">{instrument.Name}</span>}
            </span>
            <DownFill className="instrument-switch__caret" aria-hidden />
          </button>
        }
        right={
          <>
            <button
              type="button"
              className="icon-button"
              onClick={() => setFactsOpen(true)}
              aria-label={t('symbol.open', { symbol: instrument.ShowCode })}
              aria-haspopup="dialog"
              data-testid="open-symbol-sheet"
            >
              <InformationCircleOutline />
            </button>
            <button
              type="button"
              className="icon-button"
              onClick={() => navigate('/product')}
              aria-label={t('home.search')}
            >
              <SearchOutline />
            </button>
          </>
        }
      />
      <SymbolSheet
        instrument={instrument}
        visible={factsOpen && active}
        onClose={() => setFactsOpen(false)}
      />
      <QuotePanel
        instrument={instrument}
        quote={quote}
        action={
          signedIn && (
            <button
              type="button"
              className="quote-panel__alert"
              onClick={() => setAlertOpen(true)}
              aria-haspopup="dialog"
              data-testid="open-alert-sheet"
            >
              <BellOutline aria-hidden />
              {t('alerts.button')}
            </button>
          )
        }
      />
      <AlertSheet instrument={instrument} visible={alertOpen && active} onClose={() => setAlertOpen(false)} />
      {!open && (
        <div className="market-closed" role="status" data-testid="market-closed">
          {instrument.TradingHalted
            ? t('quote.tradingHalted')
            : instrument.NextOpenTime
              ? t('quote.closedOpensAt', { time: formatDateTime(instrument.NextOpenTime, lang) })
              : t('quote.marketClosed')}
        </div>
      )}
      <CandleChart
        instrument={instrument}
        period={period}
        top={<PeriodBar period={period} onChange={setPeriod} />}
      />
      {/* Keyed: another instrument starts with its own minimum lots and first leverage. */}
      <OrderTicket key={instrument.Id} instrument={instrument} quote={quote} open={open} />
    </div>
  );
}
