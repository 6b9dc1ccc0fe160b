import { useTranslation } from 'react-i18next';
import { formatUsd2 } from '@omp/engine';
import { formatUsd } from '../../lib/format.ts';
import { useSettings } from '../settings/settings-store.ts';
import type { TicketPreview } from './ticket-preview.ts';

/**
 * What the order costs and what there is to pay with: margin, fee, their sum (what free margin
 * must cover) and the available funds. Fixed-width tabular figures, so ticks never move the form.
 */
export function TicketFigures({
  preview,
  freeMargin,
  signedIn,
}: {
  preview: TicketPreview;
  freeMargin: number | undefined;
  signedIn: boolean;
}) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  // Micro-dollars → exact cents first (half away from zero, as the server rounds), then format.
  const usd = (micros: bigint | undefined) =>
    formatUsd(micros === undefined ? undefined : Number(formatUsd2(micros)), lang);
  const short = preview.problem?.field === 'funds';
  return (
    <div className="ticket-figures">
      <dl className="ticket-figures__grid">
        <Figure label={t('ticket.margin')} value={usd(preview.marginMicros)} testId="ticket-margin" />
        <Figure label={t('ticket.fee')} value={usd(preview.feeMicros)} testId="ticket-fee" />
        <Figure
          label={t('ticket.required')}
          value={usd(preview.requiredMicros)}
          testId="ticket-required"
          tone={short ? 'danger' : undefined}
        />
        <Figure
          label={t('ticket.available')}
          value={signedIn ? formatUsd(freeMargin, lang) : t('ticket.logInToSee')}
          testId="ticket-available"
        />
      </dl>
      <p className="ticket-figures__note" role={short ? 'alert' : undefined} data-testid="ticket-funds-note">
        {short ? t('ticket.insufficientFunds') : ' '}
      </p>
    </div>
  );
}

function Figure({
  label,
  value,
  testId,
  tone,
}: {
  label: string;
  value: string;
  testId: string;
  tone?: 'danger' | undefined;
}) {
  return (
    <div className="ticket-figure">
      <dt>{label}</dt>
      <dd className={`num ${tone ? `text-${tone}` : ''}`} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
