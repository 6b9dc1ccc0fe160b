import { useTranslation } from 'react-i18next';
import type { RiskPreview } from '@omp/protocol';
import { formatPercent, formatPrice, formatUsd, isolateLtr } from '../../lib/format.ts';
import { useSettings } from '../settings/settings-store.ts';
import { useRiskPreview, type RiskPreviewInputs } from './use-risk-preview.ts';

/** A stop-out this close to the market (percent of the price) is one bad minute away. */
const NEAR_MOVE_PERCENT = 1;

/**
 * Where this order would leave the account, as the server's engine projects it: the price of this
 * instrument at which the stop-out and the margin call would come, and what the stop loss would
 * cost. Fixed-height rows with tabular figures, so a new answer changes digits, never the layout;
 * while the answer on screen is for inputs since changed, its figures are dimmed.
 */
export function TicketRisk({
  order,
  precision,
  withStopLoss,
}: {
  /** undefined: an order the server would refuse anyway; the rows show dashes. */
  order: RiskPreviewInputs | undefined;
  precision: number;
  withStopLoss: boolean;
}) {
  const risk = useRiskPreview(order);
  const preview: RiskPreview | undefined = risk.data;
  // Until the first answer arrives the rows hold a skeleton instead of a dash.
  const loading = order !== undefined && preview === undefined && !risk.isError;
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  // A projection without a price means no price of this instrument reaches that level: said in
  // words, so a dash keeps meaning only that there is nothing to project.
  const price = (value: number | null | undefined) =>
    preview && value === null ? t('ticket.outOfReach') : formatPrice(value, precision, lang);
  const near =
    preview?.stop_out_move !== null &&
    preview?.stop_out_move !== undefined &&
    Math.abs(preview.stop_out_move) <= NEAR_MOVE_PERCENT;
  // Money and share side by side, short enough for one row in every language; the sentence with
  // "of equity" is what a screen reader says.
  const lossAmount = preview?.stop_loss_loss ?? null;
  const lossShare = preview?.stop_loss_loss_share ?? null;
  const loss =
    lossAmount === null
      ? '–'
      : [formatUsd(lossAmount, lang), ...(lossShare === null ? [] : [formatPercent(lossShare, lang)])]
          .map(isolateLtr)
          .join(' · ');
  const lossSpoken =
    lossAmount === null || lossShare === null
      ? undefined
      : t('ticket.lossOfEquity', {
          loss: isolateLtr(formatUsd(lossAmount, lang)),
          share: isolateLtr(formatPercent(lossShare, lang)),
        });
  return (
    <section
      className={`ticket-risk${risk.answersEarlierInputs ? ' ticket-risk--earlier' : ''}`}
      aria-label={t('ticket.risk')}
      data-testid="ticket-risk"
    >
      <h3 className="ticket-risk__title">{t('ticket.risk')}</h3>
      <dl className="ticket-risk__rows" aria-busy={risk.answersEarlierInputs}>
        <RiskRow
          label={t('ticket.stopOutAt')}
          value={price(preview?.stop_out_price)}
          loading={loading}
          tone={near ? 'warn' : undefined}
          testId="ticket-stop-out"
        />
        <RiskRow
          label={t('ticket.marginCallAt')}
          value={price(preview?.margin_call_price)}
          loading={loading}
          testId="ticket-margin-call"
        />
        {withStopLoss && (
          <RiskRow
            label={t('ticket.lossAtStopLoss')}
            value={loss}
            loading={loading}
            spoken={lossSpoken}
            tone={lossAmount ? 'danger' : undefined}
            testId="ticket-stop-loss-loss"
          />
        )}
      </dl>
    </section>
  );
}

function RiskRow({
  label,
  value,
  loading,
  spoken,
  tone,
  testId,
}: {
  label: string;
  value: string;
  loading: boolean;
  spoken?: string | undefined;
  tone?: 'warn' | 'danger' | undefined;
  testId: string;
}) {
  return (
    <div className={`ticket-risk__row${tone === 'warn' ? ' ticket-risk__row--warn' : ''}`}>
      <dt>{label}</dt>
      {loading ? (
        <dd aria-busy="true">
          <span className="skeleton skeleton--price" />
        </dd>
      ) : (
        <dd className={`num ${tone ? `text-${tone}` : ''}`} aria-label={spoken} data-testid={testId}>
          {value}
        </dd>
      )}
    </div>
  );
}
