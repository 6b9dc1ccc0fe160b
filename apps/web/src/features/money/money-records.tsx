/**
 * The deposit and withdrawal records (quick_ist, draw_list), newest first, each with its status in
 * the user's language, its tone, and the reviewer's remark when it was refused.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DepositRecord, RecordPage, WithdrawRecord } from '@omp/protocol';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PagedBody, RefreshableList } from '../../ui/paged-list.tsx';
import { formatDateTime, formatUsd } from '../../lib/format.ts';
import { formatDecimalText } from '../../lib/decimal-text.ts';
import { useSettings } from '../settings/settings-store.ts';
import { OrderSkeleton } from '../orders/order-skeleton.tsx';
import {
  currencyAmountText,
  depositTone,
  shortened,
  utcTextSeconds,
  withdrawalTone,
  type Tone,
} from './money-figures.ts';
import { uniqueRecords, useDeposits, useWithdrawals } from './money-api.ts';
import { currencyLabel } from './currency-selector.tsx';

/** A refreshable, paged list of one kind of money record, with its skeleton and empty state. */
function RecordList<T extends { id: number }>({
  query,
  kind,
  emptyTitle,
  Item,
}: {
  query: ReturnType<typeof useDeposits> | ReturnType<typeof useWithdrawals>;
  kind: 'deposit' | 'withdraw';
  emptyTitle: string;
  Item: (props: { row: T }) => ReactNode;
}) {
  const { t } = useTranslation();
  const rows = uniqueRecords(query.data?.pages as RecordPage<T>[] | undefined);
  return (
    <RefreshableList onRefresh={() => query.refetch()}>
      <PagedBody
        query={query}
        rowCount={rows.length}
        skeleton={<OrderSkeleton rows={3} label={t('common.loading')} />}
        empty={<EmptyState title={emptyTitle} testId={`${kind}-records-empty`} />}
      >
        <ul className="records" data-testid={`${kind}-records`}>
          {rows.map((row) => (
            <Item key={row.id} row={row} />
          ))}
        </ul>
      </PagedBody>
    </RefreshableList>
  );
}

export function DepositRecords() {
  const { t } = useTranslation();
  return (
    <RecordList<DepositRecord>
      query={useDeposits()}
      kind="deposit"
      emptyTitle={t('deposit.noRecords')}
      Item={DepositItem}
    />
  );
}

function DepositItem({ row }: { row: DepositRecord }) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  const channel =
    row.type === 0 ? `${row.currency_code} · ${row.network}` : `${t('deposit.bank')} · ${row.currency_code}`;
  return (
    <li className="record" data-testid="deposit-record" data-status={row.status}>
      <div className="record__line">
        <span className="record__title">{channel}</span>
        <StatusPill tone={depositTone(row.status)} text={row.status_name} />
      </div>
      {/* Another currency than USD: what was sent, what arrived, then the USD it credits. */}
      {row.currency_code !== 'USD' && row.sent_number !== undefined && (
        <div className="record__line">
          <span className="record__label">{t('deposit.sent')}</span>
          <span className="num record__figure" dir="ltr" data-testid="record-sent">
            {`${formatDecimalText(currencyAmountText(row.sent_number), lang)} ${row.currency_code}`}
          </span>
        </div>
      )}
      {row.currency_code !== 'USD' && row.received_number != null && (
        <div className="record__line">
          <span className="record__label">{t('deposit.received')}</span>
          <span className="num record__figure" dir="ltr" data-testid="record-received">
            {`${formatDecimalText(currencyAmountText(row.received_number), lang)} ${row.currency_code}`}
          </span>
        </div>
      )}
      <div className="record__line">
        <span className="record__label">{t('deposit.amount')}</span>
        <span className="num record__figure" data-testid="record-amount">
          {formatUsd(row.number, lang)}
        </span>
      </div>
      <div className="record__line record__meta">
        <RecordTime text={row.created_at} />
        <span className="num">#{row.id}</span>
      </div>
      <DecisionRemark remark={row.remark} refused={row.status === 2} textKey="money.note" />
    </li>
  );
}

/**
 * What staff wrote with their decision: the reason of a refusal (in the refusal's colour), or, on a
 * record that went through, a note or the payment's reference, said as such.
 */
function DecisionRemark(props: { remark: string | null | undefined; refused: boolean; textKey: string }) {
  const { t } = useTranslation();
  if (!props.remark) return null;
  return props.refused ? (
    <p className="record__remark">{t('money.remark', { remark: props.remark })}</p>
  ) : (
    <p className="record__remark record__remark--info" data-testid="record-note">
      {t(props.textKey, { remark: props.remark })}
    </p>
  );
}

export function WithdrawRecords() {
  const { t } = useTranslation();
  return (
    <RecordList<WithdrawRecord>
      query={useWithdrawals()}
      kind="withdraw"
      emptyTitle={t('withdraw.noRecords')}
      Item={WithdrawItem}
    />
  );
}

function WithdrawItem({ row }: { row: WithdrawRecord }) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  const currency = row.draw_currency;
  const destination = row.type === 1 ? row.address : row.payee_account;
  return (
    <li className="record" data-testid="withdraw-record" data-status={row.status}>
      <div className="record__line">
        <span className="record__title">{currency ? currencyLabel(currency) : '—'}</span>
        <StatusPill tone={withdrawalTone(row.status)} text={row.status_name} />
      </div>
      <div className="record__line">
        <span className="record__label">{t('withdraw.amount')}</span>
        <span className="num record__figure">{formatUsd(row.number, lang)}</span>
      </div>
      <div className="record__line">
        <span className="record__label">{t('withdraw.fee')}</span>
        <span className="num">{formatUsd(row.fee, lang)}</span>
      </div>
      <div className="record__line">
        <span className="record__label">{t('withdraw.received')}</span>
        <span className="num" dir="ltr" data-testid="record-received">
          {formatDecimalText(row.real_number, lang)} {currency?.code ?? ''}
        </span>
      </div>
      <div className="record__line record__meta">
        <span className="num" dir="ltr">
          {shortened(destination)}
        </span>
        <RecordTime text={row.created_at} />
      </div>
      {row.notes && <p className="record__note">{row.notes}</p>}
      <DecisionRemark remark={row.remark} refused={row.status === 2} textKey="money.reference" />
    </li>
  );
}

function StatusPill({ tone, text }: { tone: Tone; text: string }) {
  return (
    <span className={`status-pill status-pill--${tone}`} data-testid="record-status">
      {text}
    </span>
  );
}

/** In the phone's time zone, like every other time on screen. */
function RecordTime({ text }: { text: string }) {
  const lang = useSettings((s) => s.lang);
  const seconds = utcTextSeconds(text);
  return <span className="num">{seconds === undefined ? text : formatDateTime(seconds, lang)}</span>;
}
