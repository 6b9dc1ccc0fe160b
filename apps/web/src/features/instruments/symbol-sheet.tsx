/**
 * The instrument's contract, from the trade screen's info button: contract size, lot limits,
 * leverage options, margin mode and the margin of one lot, the fee, the price decimals and spread,
 * and the weekly trading hours in the user's own zone with whether the market is open now.
 * Everything comes from the instrument list and the live quote (symbol-facts.ts).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { formatUsd2 } from '@omp/engine';
import { MarketStatus, type Instrument } from '@omp/protocol';
import { InstrumentLogo } from '../../ui/instrument-logo.tsx';
import {
  formatDateTime,
  formatInteger,
  formatPercent,
  formatUsd,
  formatUtcOffset,
  isolateLtr,
  localOffsetSeconds,
} from '../../lib/format.ts';
import { useSettings } from '../settings/settings-store.ts';
import { useBasicInfo } from '../settings/basic-info.ts';
import { useEffectiveQuote } from '../quotes/quotes-store.ts';
import { formatLotsText, lotRulesOf } from '../ticket/lot-rules.ts';
import { useUsdRate } from '../ticket/use-usd-rate.ts';
import { formatWeekTime, oneLotCosts, weekSessions } from './symbol-facts.ts';

export function SymbolSheet({
  instrument,
  visible,
  onClose,
}: {
  instrument: Instrument;
  visible: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      position="bottom"
      bodyClassName="sheet"
      destroyOnClose
    >
      <div className="symbol-sheet" data-testid="symbol-sheet" data-code={instrument.Code}>
        <header className="sheet__head">
          <InstrumentLogo src={instrument.Logo} code={instrument.ShowCode} size={28} />
          <h2 className="sheet__title">
            {instrument.ShowCode}
            {instrument.Name && <span className="symbol-sheet__name"> {instrument.Name}</span>}
          </h2>
          <button type="button" className="icon-button" onClick={onClose} aria-label={t('common.close')}>
            <CloseOutline />
          </button>
        </header>
        {visible && <SymbolFacts instrument={instrument} />}
      </div>
    </Popup>
  );
}

function SymbolFacts({ instrument }: { instrument: Instrument }) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  const feeType = useBasicInfo().data?.trade_fee_type;
  const usdRate = useUsdRate(instrument);
  const { quote, marketStatus } = useEffectiveQuote(instrument);
  const rules = lotRulesOf(instrument);
  const lots = (value: bigint) => formatLotsText(value, rules);
  const usd = (micros: bigint | undefined) =>
    formatUsd(micros === undefined ? undefined : Number(formatUsd2(micros)), lang);
  const costs = oneLotCosts(
    instrument,
    quote.Bid,
    quote.Ask,
    feeType ?? 2,
    feeType === undefined ? undefined : usdRate,
  );
  const leverages = [...new Set(instrument.HasForexMultiple.map((o) => o.Value))].sort((a, b) => a - b);
  const nowSec = Date.now() / 1000;
  const week = weekSessions(instrument.TradingSessions, nowSec);

  type Row = [label: string, value: ReactNode, testId: string];
  const rows: Row[] = [
    [
      t('symbol.contractSize'),
      `${formatInteger(instrument.ForexContNum, lang)} ${instrument.BaseCurrency}`,
      'symbol-contract-size',
    ],
    [t('symbol.minLots'), lots(rules.min), 'symbol-min-lots'],
    [t('symbol.lotStep'), lots(rules.step), 'symbol-lot-step'],
    [t('symbol.maxLots'), lots(rules.max), 'symbol-max-lots'],
    [
      t('symbol.leverage'),
      leverages.length > 0 ? leverages.map((value) => `1:${value}`).join(' · ') : t('symbol.noLeverage'),
      'symbol-leverage',
    ],
    [
      t('symbol.marginMode'),
      t(instrument.MarginMode === 1 ? 'symbol.marginFixed' : 'symbol.marginLeveraged'),
      'symbol-margin-mode',
    ],
    ...costs.map(({ leverage, marginMicros }): Row => [
      leverage === undefined
        ? t('symbol.marginPerLot')
        : t('symbol.marginPerLotAt', { leverage: isolateLtr(`1:${leverage}`) }),
      usd(marginMicros),
      `symbol-margin-${leverage ?? 'fixed'}`,
    ]),
    [
      t('symbol.fee'),
      feeType === 1
        ? t('symbol.feePerLot', { amount: isolateLtr(formatUsd(instrument.ForexFeeRate, lang)) })
        : t('symbol.feeOfMargin', { rate: isolateLtr(formatPercent(instrument.ForexFeeRate * 100, lang)) }),
      'symbol-fee',
    ],
    [t('symbol.priceDecimals'), String(instrument.PricePrecision), 'symbol-precision'],
    [t('symbol.spreadPoints'), formatInteger(instrument.Spread, lang), 'symbol-spread'],
  ];

  const open = marketStatus === MarketStatus.open;
  const status = instrument.TradingHalted
    ? t('quote.tradingHalted')
    : open
      ? t('symbol.openNow')
      : instrument.NextOpenTime
        ? t('quote.closedOpensAt', { time: formatDateTime(instrument.NextOpenTime, lang) })
        : t('quote.marketClosed');

  return (
    <>
      <dl className="detail-grid">
        {rows.map(([label, value, testId]) => (
          <div className="detail-grid__item detail-grid__item--wide" key={testId}>
            <dt>{label}</dt>
            <dd className="num" data-testid={testId}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <section className="symbol-sheet__hours" aria-labelledby="symbol-hours-title">
        <h3 id="symbol-hours-title" className="symbol-sheet__subtitle">
          {t('symbol.hours')}
        </h3>
        <p className={`symbol-sheet__status ${open ? 'text-up' : 'text-down'}`} data-testid="symbol-status">
          {status}
        </p>
        <ul className="symbol-sheet__sessions" data-testid="symbol-sessions">
          {week.always ? (
            <li>{t('symbol.alwaysOpen')}</li>
          ) : week.spans.length === 0 ? (
            <li>{t('symbol.noSessions')}</li>
          ) : (
            week.spans.map((span) => (
              <li key={span.from} className="num">
                {formatWeekTime(span.from, lang)} – {formatWeekTime(span.to, lang)}
              </li>
            ))
          )}
        </ul>
        <p className="symbol-sheet__zone">
          {t('symbol.hoursZone', { zone: isolateLtr(formatUtcOffset(localOffsetSeconds(nowSec))) })}
        </p>
      </section>
    </>
  );
}
