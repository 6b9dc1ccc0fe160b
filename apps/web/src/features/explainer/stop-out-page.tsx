/**
 * `/stop-out?id=` (a report) or `?order=` (a position a stop-out closed): what a stop-out or a
 * margin call did and why, in plain words. The margin level over the hours before with the two
 * levels it is judged against, the positions closed in the order they were closed (largest loss
 * first, engine rule S1) with their prices and results, and what negative balance protection did.
 */
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { StopOutClosed, StopOutReport } from '@omp/protocol';
import { PageHeader } from '../../ui/page-header.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PageLoading } from '../../ui/page-loading.tsx';
import {
  formatDateTime,
  formatLots,
  formatPercent,
  formatPrice,
  formatUsd,
  isolateLtr,
} from '../../lib/format.ts';
import { useSettings } from '../settings/settings-store.ts';
import { toneOf } from '../orders/account-strip.tsx';
import { MarginLevelChart } from './margin-level-chart.tsx';
import { reportAddressOf, useStopOutReport } from './stop-out-api.ts';

export function StopOutPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const address = reportAddressOf(search);
  const report = useStopOutReport(address);
  const stopOut = report.data?.kind !== 'margin_call';
  return (
    <div className="page explainer" data-testid="stop-out-page">
      <PageHeader title={t(stopOut ? 'explainer.title' : 'explainer.titleMarginCall')} back />
      {report.data ? (
        <ReportBody report={report.data} />
      ) : report.isPending && address ? (
        <PageLoading />
      ) : (
        <EmptyState title={t('explainer.loadFailed')} testId="stop-out-failed" />
      )}
    </div>
  );
}

function ReportBody({ report }: { report: StopOutReport }) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  const percent = (value: number | null) => formatPercent(value, lang);
  const stopOut = report.kind === 'stop_out';
  const sentence = t(stopOut ? 'explainer.summaryStopOut' : 'explainer.summaryMarginCall', {
    // A date holds words of the language (the month): it follows the sentence's direction.
    time: formatDateTime(report.at, lang),
    level: isolateLtr(percent(report.level_before)),
    stopOut: isolateLtr(percent(report.stop_out_level)),
    marginCall: isolateLtr(percent(report.margin_call_level)),
  });
  const figures: Array<[string, string, string]> = [
    [t('explainer.levelBefore'), percent(report.level_before), 'level-before'],
    [t('explainer.levelAfter'), percent(report.level_after), 'level-after'],
    [t('explainer.balanceBefore'), formatUsd(report.balance_before, lang), 'balance-before'],
    [t('explainer.balanceAfter'), formatUsd(report.balance_after, lang), 'balance-after'],
  ];
  return (
    <div className="explainer__body">
      <section className="explainer__card">
        <p className="explainer__summary" data-testid="stop-out-summary">
          {sentence}
        </p>
        <dl className="detail-grid explainer__figures">
          {figures.map(([label, value, testId]) => (
            <div className="detail-grid__item" key={testId}>
              <dt>{label}</dt>
              <dd className="num" data-testid={testId}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="explainer__card">
        <h2 className="explainer__title">{t('explainer.chartTitle')}</h2>
        <MarginLevelChart
          snapshots={report.snapshots}
          marginCallLevel={report.margin_call_level}
          stopOutLevel={report.stop_out_level}
        />
      </section>
      {stopOut && (
        <section className="explainer__card">
          <h2 className="explainer__title">{t('explainer.closedTitle')}</h2>
          {report.closed.length === 0 ? (
            <p className="explainer__muted">{t('explainer.closedNone')}</p>
          ) : (
            <ol className="explainer__closes" data-testid="stop-out-closes">
              {report.closed.map((closed) => (
                <ClosedItem key={closed.id} closed={closed} />
              ))}
            </ol>
          )}
        </section>
      )}
      {stopOut && (
        <section className="explainer__card" data-testid="stop-out-protection">
          <h2 className="explainer__title">{t('explainer.protectionTitle')}</h2>
          <p className="explainer__text">{protectionText(report, t, lang)}</p>
        </section>
      )}
    </div>
  );
}

function protectionText(report: StopOutReport, t: TFunction, lang: Parameters<typeof formatUsd>[1]): string {
  const protection = report.negative_balance_protection;
  if (protection > 0)
    return t('explainer.protectionBody', {
      below: isolateLtr(formatUsd(-protection, lang)),
      amount: isolateLtr(formatUsd(protection, lang)),
      zero: isolateLtr(formatUsd(0, lang)),
    });
  // Only demo accounts are left below zero (engine rule S2).
  return t(report.balance_after < 0 ? 'explainer.protectionDemo' : 'explainer.protectionNone');
}

function ClosedItem({ closed }: { closed: StopOutClosed }) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  const price = (value: number) => formatPrice(value, closed.price_precision, lang);
  return (
    <li className="explainer__close" data-testid="stop-out-close" data-id={closed.id}>
      <span className="explainer__order num" aria-hidden>
        {closed.order_of_close}
      </span>
      <div className="explainer__close-main">
        <p className="explainer__close-title">
          {closed.code}{' '}
          <span className={`side-badge side-badge--${closed.side === 1 ? 'buy' : 'sell'}`}>
            {t(closed.side === 1 ? 'trade.buy' : 'trade.sell')}
          </span>{' '}
          <span className="num">{formatLots(closed.lots, lang)}</span>
        </p>
        <p className="explainer__close-prices">
          {t('orders.openPrice')} <span className="num">{price(closed.open_price)}</span> ·{' '}
          {t('orders.closePrice')}{' '}
          <span className="num" data-testid="stop-out-close-price">
            {price(closed.close_price)}
          </span>
        </p>
      </div>
      <span
        className={`explainer__profit num ${toneClass(closed.profit)}`}
        data-testid="stop-out-close-profit"
      >
        {formatUsd(closed.profit, lang, { signed: true })}
      </span>
    </li>
  );
}

const toneClass = (profit: number) => {
  const tone = toneOf(profit);
  return tone ? `text-${tone}` : '';
};
