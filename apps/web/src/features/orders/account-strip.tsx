import { useTranslation } from 'react-i18next';
import type { AccountFigures } from '@omp/protocol';
import { formatPercent, formatUsd } from '../../lib/format.ts';
import { useSettings } from '../settings/settings-store.ts';
import { useAccountFigures } from '../trading/trading-api.ts';
import { AccountDangerLine } from './danger-distance.tsx';

/**
 * The account at a glance above the order lists, live from the trade pushes: balance, equity (net
 * value), used margin, free margin, margin level (risk rate) and the floating P/L of all positions.
 */
export function AccountStrip() {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  const figures = useAccountFigures().data;
  const usd = (value: number | undefined) => formatUsd(value, lang);
  const level = marginLevelTone(figures);
  return (
    <section className="account-strip" aria-label={t('orders.account')} data-testid="account-strip">
      <dl className="account-strip__grid">
        <Cell label={t('orders.balance')} value={usd(figures?.balance)} testId="strip-balance" />
        <Cell label={t('orders.equity')} value={usd(figures?.equity)} testId="strip-equity" />
        <Cell
          label={t('orders.floatingProfit')}
          value={formatUsd(figures?.floating_profit, lang, { signed: true })}
          tone={toneOf(figures?.floating_profit)}
          testId="strip-floating"
        />
        <Cell label={t('orders.usedMargin')} value={usd(figures?.lock_balance)} testId="strip-used-margin" />
        <Cell label={t('orders.freeMargin')} value={usd(figures?.free_margin)} testId="strip-free-margin" />
        <Cell
          label={t('orders.marginLevel')}
          value={figures?.margin_level == null ? '–' : formatPercent(figures.margin_level, lang)}
          tone={level}
          testId="strip-margin-level"
        />
      </dl>
      <AccountDangerLine />
    </section>
  );
}

type Tone = 'up' | 'down' | 'danger' | 'warn' | undefined;

export function toneOf(value: number | undefined): Tone {
  if (value === undefined || Math.round(value * 100) === 0) return undefined;
  return value > 0 ? 'up' : 'down';
}

/** Red at or below the margin-call level, amber within twice of it: the stop-out is near. */
function marginLevelTone(figures: AccountFigures | undefined): Tone {
  const level = figures?.margin_level;
  if (level == null || !figures) return undefined;
  if (level <= figures.margin_call_level) return 'danger';
  if (level <= figures.margin_call_level * 2) return 'warn';
  return undefined;
}

function Cell({ label, value, tone, testId }: { label: string; value: string; tone?: Tone; testId: string }) {
  return (
    <div className="account-strip__cell">
      <dt>{label}</dt>
      <dd className={tone ? `text-${tone}` : undefined}>
        <span className="num" data-testid={testId}>
          {value}
        </span>
      </dd>
    </div>
  );
}
