/**
 * `/mine/statement`: the account statement of a period (this month, last month, the last three
 * months or two days picked): opening and closing balance and what moved it, trades' P/L, fees,
 * deposits, withdrawals and adjustments, each from the ledger; the CSV and PDF downloads of the
 * same period; and the switch for the monthly statement by e-mail. Periods are days of the phone's
 * time zone, which the server is told.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, DatePicker, List, Switch } from 'antd-mobile';
import { DownlandOutline } from 'antd-mobile-icons';
import type { WireStatement } from '@omp/protocol';
import { PageHeader } from '../../ui/page-header.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatUsd } from '../../lib/format.ts';
import { useSettings } from '../settings/settings-store.ts';
import { isDemoUser, isInOwnDemo, useSession } from '../session/session-store.ts';
import {
  downloadStatement,
  useChooseStatementMail,
  useStatement,
  useStatementMail,
} from './statement-api.ts';
import {
  customRange,
  lastDayOf,
  phoneTimeZone,
  presetRange,
  RANGE_PRESETS,
  type DayRange,
  type RangePreset,
} from './statement-range.ts';

type TotalKey = keyof WireStatement['totals'];
/** The figures in reading order: what the period started with, what moved it, what it ended with. */
const MOVEMENTS: TotalKey[] = ['trading_pnl', 'fees', 'deposits', 'withdrawals', 'adjustments', 'other'];

export function StatementPage() {
  const { t } = useTranslation();
  const tz = useMemo(phoneTimeZone, []);
  const [preset, setPreset] = useState<RangePreset>('this_month');
  const [custom, setCustom] = useState<DayRange>(() => presetRange('this_month', new Date()));
  const range = preset === 'custom' ? custom : presetRange(preset, new Date());
  // A person with a real account may look at their demo account too; a visitor has only the demo.
  const hasReal = useSession((s) => !isDemoUser(s) || isInOwnDemo(s));
  const [account, setAccount] = useState<'real' | 'demo'>('real');
  const chosenAccount = hasReal ? account : undefined;
  const statement = useStatement(range, tz, chosenAccount);
  const [downloading, setDownloading] = useState<'csv' | 'pdf' | null>(null);

  const download = async (kind: 'csv' | 'pdf') => {
    setDownloading(kind);
    try {
      await downloadStatement(kind, range, tz, chosenAccount);
    } catch {
      // The API client has shown why.
    } finally {
      setDownloading(null);
    }
  };

  return (
    <div className="page statement-page" data-testid="statement-page">
      <PageHeader title={t('statement.title')} back />
      <ChoiceChips<RangePreset>
        label={t('statement.period')}
        choices={RANGE_PRESETS}
        chosen={preset}
        onChoose={setPreset}
        text={(key) => t(`statement.presets.${key}`)}
        testId="statement-preset"
      />
      {preset === 'custom' && <CustomDays range={custom} onChange={setCustom} />}
      {hasReal && (
        <ChoiceChips<'real' | 'demo'>
          label={t('statement.account')}
          choices={['real', 'demo'] as const}
          chosen={account}
          onChoose={setAccount}
          text={(key) => t(`statement.account_${key}`)}
          testId="statement-account"
          small
        />
      )}
      <p className="statement-period" data-testid="statement-period">
        <span className="num">
          {range.from} – {lastDayOf(range)}
        </span>
        <span className="statement-period__zone">{tz}</span>
      </p>
      <StatementTotals query={statement} />
      <section className="statement-downloads" aria-label={t('statement.download')}>
        {(['csv', 'pdf'] as const).map((kind) => (
          <Button
            key={kind}
            block
            size="large"
            color={kind === 'pdf' ? 'primary' : 'default'}
            loading={downloading === kind}
            disabled={downloading !== null || statement.isError}
            onClick={() => void download(kind)}
            data-testid={`statement-download-${kind}`}
          >
            <DownlandOutline aria-hidden /> {t(`statement.download_${kind}`)}
          </Button>
        ))}
      </section>
      <MonthlyMail tz={tz} />
    </div>
  );
}

/** One choice among a few, as a row of chips (a radio group to assistive technology). */
function ChoiceChips<T extends string>(props: {
  label: string;
  choices: readonly T[];
  chosen: T;
  onChoose(choice: T): void;
  text(choice: T): string;
  testId: string;
  small?: boolean;
}) {
  return (
    <div
      className={`statement-presets ${props.small ? 'statement-accounts' : ''}`}
      role="radiogroup"
      aria-label={props.label}
    >
      {props.choices.map((key) => (
        <button
          key={key}
          type="button"
          role="radio"
          aria-checked={props.chosen === key}
          className={`statement-chip ${props.chosen === key ? 'statement-chip--on' : ''}`}
          onClick={() => props.onChoose(key)}
          data-testid={`${props.testId}-${key}`}
        >
          {props.text(key)}
        </button>
      ))}
    </div>
  );
}

function StatementTotals({ query }: { query: ReturnType<typeof useStatement> }) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  if (query.isError) {
    const message = query.error instanceof ApiError ? query.error.message : t('statement.failed');
    return (
      <p className="statement-error" role="alert" data-testid="statement-error">
        {message}
      </p>
    );
  }
  const data = query.data;
  if (!data) {
    return (
      <div
        className="statement-card"
        role="status"
        aria-busy="true"
        aria-label={t('common.loading')}
        data-testid="skeleton"
      >
        {Array.from({ length: 8 }, (_, i) => (
          <div className="statement-line" key={i}>
            <span className="skeleton skeleton--line" style={{ width: `${30 + ((i * 13) % 25)}%` }} />
            <span className="skeleton skeleton--line" style={{ width: '22%' }} />
          </div>
        ))}
      </div>
    );
  }
  const line = (key: TotalKey, strong = false) => (
    <div className={`statement-line ${strong ? 'statement-line--strong' : ''}`} key={key}>
      <span className="statement-line__label">{t(`statement.totals.${key}`)}</span>
      <span className="statement-line__value num" data-testid={`statement-${key}`}>
        {formatUsd(data.totals[key], lang, { signed: !strong })}
      </span>
    </div>
  );
  return (
    <section
      className={`statement-card ${query.isFetching ? 'statement-card--stale' : ''}`}
      aria-label={t('statement.summary')}
      aria-busy={query.isFetching}
      data-testid="statement-totals"
    >
      <p className="statement-card__account">
        {t(data.account === 'demo' ? 'statement.account_demo' : 'statement.account_real')} ·{' '}
        <span className="num">UID {data.uid}</span>
      </p>
      {line('opening', true)}
      {MOVEMENTS.map((key) => line(key))}
      {line('closing', true)}
      <p className="statement-card__note" data-testid="statement-trade-count">
        {t('statement.trade_count', { count: data.trade_count })}
      </p>
    </section>
  );
}

/** Two days picked from the calendar; the later one is the last day shown. */
function CustomDays({ range, onChange }: { range: DayRange; onChange: (range: DayRange) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'from' | 'to' | null>(null);
  const asDate = (text: string) => {
    const [y, m, d] = text.split('-').map(Number) as [number, number, number];
    return new Date(y, m - 1, d);
  };
  const first = asDate(range.from);
  const last = asDate(lastDayOf(range));
  return (
    <div className="statement-custom">
      {(['from', 'to'] as const).map((end) => (
        <button
          key={end}
          type="button"
          className="statement-custom__day"
          onClick={() => setOpen(end)}
          data-testid={`statement-custom-${end}`}
        >
          <span className="statement-custom__label">{t(`statement.${end}`)}</span>
          <span className="num">{end === 'from' ? range.from : lastDayOf(range)}</span>
        </button>
      ))}
      <DatePicker
        visible={open !== null}
        value={open === 'to' ? last : first}
        max={new Date()}
        min={new Date(2000, 0, 1)}
        title={open ? t(`statement.${open}`) : ''}
        confirmText={t('common.ok')}
        cancelText={t('common.cancel')}
        onClose={() => setOpen(null)}
        onConfirm={(picked) =>
          onChange(open === 'to' ? customRange(first, picked) : customRange(picked, last))
        }
      />
    </div>
  );
}

function MonthlyMail({ tz }: { tz: string }) {
  const { t } = useTranslation();
  const mail = useStatementMail();
  const choose = useChooseStatementMail(tz);
  const email = mail.data?.email ?? null;
  return (
    <List mode="card" className="statement-mail">
      <List.Item
        description={email ? t('statement.monthly_to', { email }) : t('statement.monthly_needs_email')}
        extra={
          <Switch
            checked={mail.data?.monthly ?? false}
            loading={choose.isPending || mail.isLoading}
            disabled={!email}
            onChange={(on) => choose.mutate(on)}
            aria-label={t('statement.monthly')}
            data-testid="statement-monthly"
          />
        }
      >
        {t('statement.monthly')}
      </List.Item>
    </List>
  );
}
