/**
 * The deposit queue: what the user says they sent, in the channel's currency, on which network or
 * to which bank, with the proof they uploaded; approve confirms what actually arrived (in that
 * currency) and credits its USD at the rate the deposit was sent at, once through the ledger;
 * reject or mark invalid with the reason the user reads.
 */
import { useTranslation } from 'react-i18next';
import { Descriptions, Flex, Image, Typography } from 'antd';
import { depositCredit, formatMicros, parseMicros } from '@omp/engine';
import { staffMayReadFile, type DepositRecord } from '@omp/protocol';
import { allows, useSession } from '../lib/session.ts';
import { localTime } from '../lib/time.ts';
import { ReviewQueue } from '../ui/review-queue.tsx';
import { StatusTag } from '../ui/status-tag.tsx';
import { UserLink } from './user-link.tsx';
import { groupedMoney } from '../lib/money-text.ts';

type DepositRow = DepositRecord & { user_id: number };

const UNCHECKED = 0;
const tone = (status: number) => (status === 0 ? 'waiting' : status === 1 ? 'done' : 'refused');
/** What a received amount as typed credits, with the server's own arithmetic (engine SPEC.md W5). */
const creditOf = (received: string, usdPrice: string) => {
  const micros = /^\d{1,9}(\.\d{1,6})?$/.test(received.trim()) ? parseMicros(received.trim()) : null;
  const credited = micros === null ? null : depositCredit(micros, usdPrice);
  return credited === null ? '—' : groupedMoney(Number(formatMicros(credited)));
};
const sent = (row: DepositRow) => `${row.sent_number} ${row.currency_code}`;
/** A received amount as typed that is not what the user declared (the server then wants a note). */
const differsFromDeclared = (received: string, row: DepositRow) => {
  const typed = received.trim();
  return /^\d{1,9}(\.\d{1,6})?$/.test(typed) && parseMicros(typed) !== parseMicros(row.sent_number);
};

export default function DepositsPage() {
  const { t } = useTranslation();
  const { staff } = useSession();
  const channel = (row: DepositRow) =>
    row.type === 0 ? `${row.currency_code} · ${row.network}` : `${t('deposit.bank')} · ${row.currency_code}`;

  return (
    <ReviewQueue<DepositRow>
      path="/admin/api/deposits"
      queryKey="deposits"
      waiting={UNCHECKED}
      statuses={[0, 1, 2, 3].map((value) => ({ value, label: t(`deposit.status_${value}`) }))}
      columns={[
        { title: t('table.id'), dataIndex: 'id', width: 80 },
        { title: t('table.user_id'), dataIndex: 'user_id', width: 90 },
        {
          title: t('deposit.declared'),
          align: 'right',
          render: (_, row) => <span className="num">{sent(row)}</span>,
        },
        {
          title: t('deposit.amount'),
          align: 'right',
          render: (_, row) => <span className="num">{groupedMoney(row.number)}</span>,
        },
        { title: t('deposit.channel'), render: (_, row) => channel(row) },
        {
          title: t('table.status'),
          render: (_, row) => <StatusTag tone={tone(row.status)} text={row.status_name} />,
        },
        { title: t('decision.reason'), dataIndex: 'remark', ellipsis: true },
        { title: t('table.created'), render: (_, row) => localTime(row.created_at), width: 170 },
      ]}
      csvColumns={[
        { title: 'id', value: (row) => row.id },
        { title: 'user_id', value: (row) => row.user_id },
        { title: 'amount_usd', value: (row) => row.number },
        { title: 'currency', value: (row) => row.currency_code },
        { title: 'network', value: (row) => row.network },
        { title: 'status', value: (row) => row.status_name },
        { title: 'remark', value: (row) => row.remark },
        { title: 'created_at', value: (row) => localTime(row.created_at) },
        // Added after the first columns, so spreadsheets built on those keep reading them.
        { title: 'declared', value: (row) => row.sent_number },
        { title: 'received', value: (row) => row.received_number ?? '' },
        { title: 'usd_price', value: (row) => row.usd_price },
      ]}
      title={(open) => t('deposit.drawer_title', { id: open.id })}
      decisions={(open) =>
        allows(staff, ['finance'])
          ? [
              {
                key: 'approve',
                label: t('deposit.approve'),
                path: `/admin/api/deposits/${open.id}/approve`,
                consequence: t('deposit.approve_received_consequence', {
                  amount: groupedMoney(open.number),
                  user: open.user_id,
                }),
                needsReason: false,
                extraFields: [
                  {
                    name: 'received',
                    label: t('deposit.received_in', { currency: open.currency_code }),
                    initial: open.sent_number,
                    suffix: open.currency_code,
                    hint: t('deposit.received_hint', { rate: open.usd_price, currency: open.currency_code }),
                    follows: (value) => t('deposit.credits', { amount: creditOf(value, open.usd_price) }),
                    pattern: { regex: /^\d{1,9}(\.\d{1,6})?$/, message: t('users.amount_rule') },
                  },
                  {
                    name: 'remark',
                    label: t('deposit.note_for_user'),
                    // The server refuses crediting other than declared without a note (it is told the user).
                    requiredWhen: {
                      test: (values) => differsFromDeclared(values.received ?? '', open),
                      message: t('deposit.note_needed', { declared: sent(open) }),
                    },
                  },
                ],
                primary: true,
              },
              {
                key: 'reject',
                label: t('decision.reject'),
                path: `/admin/api/deposits/${open.id}/reject`,
                consequence: t('deposit.reject_consequence'),
                needsReason: true,
                danger: true,
              },
              {
                key: 'invalidate',
                label: t('deposit.invalidate'),
                path: `/admin/api/deposits/${open.id}/invalidate`,
                consequence: t('deposit.invalidate_consequence'),
                needsReason: true,
                danger: true,
              },
            ]
          : []
      }
      detail={(open) => (
        <Flex vertical gap={16}>
          <Descriptions size="small" bordered column={2}>
            <Descriptions.Item label={t('table.user_id')}>
              <UserLink id={open.user_id} />
            </Descriptions.Item>
            <Descriptions.Item label={t('deposit.declared')}>
              <span className="num">{sent(open)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('deposit.rate')}>
              <span className="num">1 USD = {`${open.usd_price} ${open.currency_code}`}</span>
            </Descriptions.Item>
            {open.received_number !== null ? (
              <Descriptions.Item label={t('deposit.received')}>
                <span className="num">{`${open.received_number} ${open.currency_code}`}</span>
              </Descriptions.Item>
            ) : null}
            <Descriptions.Item label={t('deposit.amount')}>
              <span className="num">{groupedMoney(open.number)} USD</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('deposit.channel')}>{channel(open)}</Descriptions.Item>
            <Descriptions.Item label={t('deposit.sent_from')}>{open.address || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('table.status')}>{open.status_name}</Descriptions.Item>
            <Descriptions.Item label={t('table.created')}>{localTime(open.created_at)}</Descriptions.Item>
            {open.remark ? (
              <Descriptions.Item label={t('decision.reason')} span={2}>
                {open.remark}
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          {/* Proofs are for finance and compliance (and admin): the server gives other roles no link. */}
          {staffMayReadFile(staff?.roles ?? [], ['deposit_proof']) ? (
            <figure className="photo">
              <Image src={open.proof_img} alt={t('deposit.proof')} width={420} />
              <figcaption>{t('deposit.proof')}</figcaption>
            </figure>
          ) : (
            <Typography.Text type="secondary" data-testid="proof-withheld">
              {t('deposit.proof')}: {t('common.not_for_role')}
            </Typography.Text>
          )}
        </Flex>
      )}
    />
  );
}
