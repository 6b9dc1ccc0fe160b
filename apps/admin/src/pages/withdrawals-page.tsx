/**
 * The withdrawal queue: the amount held from the balance, the fee, what arrives in which currency
 * at which address or account; mark paid once sent, or reject and return the held amount.
 */
import { useTranslation } from 'react-i18next';
import { Descriptions, Flex, Typography } from 'antd';
import type { WithdrawRecord } from '@omp/protocol';
import { allows, useSession } from '../lib/session.ts';
import { localTime } from '../lib/time.ts';
import { ReviewQueue } from '../ui/review-queue.tsx';
import { StatusTag } from '../ui/status-tag.tsx';
import { UserFigures } from '../ui/user-figures.tsx';
import { UserLink } from './user-link.tsx';
import { groupedMoney } from '../lib/money-text.ts';

type WithdrawalRow = WithdrawRecord & { user_id: number };

const REVIEW = 0;
const tone = (status: number) => (status === 0 ? 'waiting' : status === 1 ? 'done' : 'refused');
const destination = (row: WithdrawalRow) => row.address || row.payee_account;

export default function WithdrawalsPage() {
  const { t } = useTranslation();
  const { staff } = useSession();
  const currency = (row: WithdrawalRow) =>
    row.draw_currency
      ? `${row.draw_currency.code}${row.draw_currency.protocol ? ` · ${row.draw_currency.protocol}` : ''}`
      : '';

  return (
    <ReviewQueue<WithdrawalRow>
      path="/admin/api/withdrawals"
      queryKey="withdrawals"
      waiting={REVIEW}
      statuses={[0, 1, 2].map((value) => ({ value, label: t(`withdrawal.status_${value}`) }))}
      columns={[
        { title: t('table.id'), dataIndex: 'id', width: 80 },
        { title: t('table.user_id'), dataIndex: 'user_id', width: 90 },
        {
          title: t('withdrawal.amount'),
          align: 'right',
          render: (_, row) => <span className="num">{groupedMoney(row.number)}</span>,
        },
        {
          title: t('withdrawal.fee'),
          align: 'right',
          render: (_, row) => <span className="num">{groupedMoney(row.fee)}</span>,
        },
        {
          title: t('withdrawal.received'),
          align: 'right',
          render: (_, row) => (
            <span className="num">{`${row.real_number} ${row.draw_currency?.code ?? ''}`}</span>
          ),
        },
        {
          title: t('withdrawal.destination'),
          render: (_, row) => (
            <Typography.Text ellipsis copyable>
              {destination(row)}
            </Typography.Text>
          ),
        },
        {
          title: t('table.status'),
          render: (_, row) => <StatusTag tone={tone(row.status)} text={row.status_name} />,
        },
        { title: t('table.created'), render: (_, row) => localTime(row.created_at), width: 170 },
      ]}
      csvColumns={[
        { title: 'id', value: (row) => row.id },
        { title: 'user_id', value: (row) => row.user_id },
        { title: 'amount_usd', value: (row) => row.number },
        { title: 'fee_usd', value: (row) => row.fee },
        { title: 'received', value: (row) => row.real_number },
        { title: 'currency', value: (row) => currency(row) },
        { title: 'destination', value: (row) => destination(row) },
        { title: 'status', value: (row) => row.status_name },
        { title: 'remark', value: (row) => row.remark },
        { title: 'created_at', value: (row) => localTime(row.created_at) },
      ]}
      title={(open) => t('withdrawal.drawer_title', { id: open.id })}
      decisions={(open) =>
        allows(staff, ['finance'])
          ? [
              {
                key: 'approve',
                label: t('withdrawal.mark_paid'),
                path: `/admin/api/withdrawals/${open.id}/approve`,
                consequence: t('withdrawal.paid_consequence', {
                  received: `${open.real_number} ${open.draw_currency?.code ?? ''}`,
                  destination: destination(open),
                }),
                needsReason: false,
                extraFields: [
                  {
                    name: 'reference',
                    label: t('withdrawal.reference'),
                    hint: t('withdrawal.reference_hint'),
                  },
                ],
                primary: true,
              },
              {
                key: 'reject',
                label: t('decision.reject'),
                path: `/admin/api/withdrawals/${open.id}/reject`,
                consequence: t('withdrawal.reject_consequence', { amount: groupedMoney(open.number) }),
                needsReason: true,
                danger: true,
              },
            ]
          : []
      }
      detail={(open) => (
        <Flex vertical gap={16}>
          <UserFigures userId={open.user_id} />
          <Descriptions size="small" bordered column={1}>
            <Descriptions.Item label={t('table.user_id')}>
              <UserLink id={open.user_id} />
            </Descriptions.Item>
            <Descriptions.Item label={t('withdrawal.amount')}>
              <span className="num">{groupedMoney(open.number)} USD</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('withdrawal.fee')}>
              <span className="num">{groupedMoney(open.fee)} USD</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('withdrawal.received')}>
              <span className="num">{`${open.real_number} ${currency(open)}`}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('withdrawal.destination')}>
              <Typography.Text copyable>{destination(open)}</Typography.Text>
            </Descriptions.Item>
            {open.notes ? (
              <Descriptions.Item label={t('withdrawal.notes')}>{open.notes}</Descriptions.Item>
            ) : null}
            <Descriptions.Item label={t('table.status')}>{open.status_name}</Descriptions.Item>
            <Descriptions.Item label={t('table.created')}>{localTime(open.created_at)}</Descriptions.Item>
            {open.remark ? (
              <Descriptions.Item label={t('decision.reason')}>{open.remark}</Descriptions.Item>
            ) : null}
          </Descriptions>
        </Flex>
      )}
    />
  );
}
