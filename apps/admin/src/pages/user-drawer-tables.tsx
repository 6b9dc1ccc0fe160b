/**
 * The tables of one trader's drawer: orders, ledger, deposits and withdrawals, sign-ins and the
 * users they invited, each paged on the server.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Table, Tag } from 'antd';
import type { MyDealResult, OrderRow, WireInvitee, WireUserSession } from '@omp/protocol';
import { api } from '../lib/api-client.ts';
import { localTime } from '../lib/time.ts';
import { groupedMoney } from '../lib/money-text.ts';

interface LedgerRow {
  Id: number;
  Kind: string;
  Value: number;
  BalanceAfter: number;
  MemoTran: string;
  CreatedAtTran: string;
}

export function Orders({ id, status, columns }: { id: number; status: 0 | 1 | 3; columns: object[] }) {
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['user', id, 'orders', status, page],
    queryFn: () => api.get<MyDealResult>(`/admin/api/users/${id}/orders`, { status, page, page_size: 20 }),
    refetchInterval: status === 1 ? 3000 : false,
  });
  return (
    <Table<OrderRow>
      size="small"
      className="dense-table"
      rowKey="Id"
      loading={query.isLoading}
      dataSource={query.data?.data ?? []}
      columns={columns as never}
      pagination={{ current: page, pageSize: 20, total: query.data?.total ?? 0, onChange: setPage }}
    />
  );
}

export function Ledger({ id }: { id: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['user', id, 'ledger', page],
    queryFn: () =>
      api.get<{ list: LedgerRow[]; total: number }>(`/admin/api/users/${id}/ledger`, { page, page_size: 20 }),
  });
  return (
    <Table<LedgerRow>
      size="small"
      className="dense-table"
      rowKey="Id"
      loading={query.isLoading}
      dataSource={query.data?.list ?? []}
      pagination={{ current: page, pageSize: 20, total: query.data?.total ?? 0, onChange: setPage }}
      columns={[
        { title: t('table.id'), dataIndex: 'Id' },
        { title: t('users.entry'), dataIndex: 'MemoTran' },
        {
          title: t('users.amount'),
          align: 'right',
          className: 'num',
          render: (_, row) => groupedMoney(row.Value),
        },
        {
          title: t('users.balance_after'),
          align: 'right',
          className: 'num',
          render: (_, row) => groupedMoney(row.BalanceAfter),
        },
        { title: t('audit.when'), render: (_, row) => localTime(row.CreatedAtTran) },
      ]}
    />
  );
}

/** A user's deposits or withdrawals, as the queues list them, with their status now. */
export function MoneyRecords({ path, userId }: { path: string; userId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: [path.endsWith('deposits') ? 'deposits' : 'withdrawals', 'user', userId, page],
    queryFn: () =>
      api.get<{
        list: Array<{ id: number; number: number; status_name: string; remark: string; created_at: string }>;
        total: number;
      }>(path, { user_id: userId, page, page_size: 20 }),
  });
  return (
    <Table
      size="small"
      className="dense-table"
      rowKey="id"
      loading={query.isLoading}
      dataSource={query.data?.list ?? []}
      pagination={{ current: page, pageSize: 20, total: query.data?.total ?? 0, onChange: setPage }}
      columns={[
        { title: t('table.id'), dataIndex: 'id' },
        {
          title: t('users.amount'),
          align: 'right',
          className: 'num',
          render: (_, row) => groupedMoney(row.number),
        },
        { title: t('table.status'), dataIndex: 'status_name' },
        { title: t('decision.reason'), dataIndex: 'remark' },
        { title: t('table.created'), render: (_, row) => localTime(row.created_at) },
      ]}
    />
  );
}

/** The user's sign-ins, newest first: when, from where, and whether the session is still live. */
export function SignIns({ id }: { id: number }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['user', id, 'sessions'],
    queryFn: () => api.get<WireUserSession[]>(`/admin/api/users/${id}/sessions`),
  });
  const colour = { live: 'green', ended: 'default', expired: 'default' } as const;
  return (
    <Table<WireUserSession>
      size="small"
      className="dense-table"
      rowKey="id"
      loading={query.isLoading}
      dataSource={query.data ?? []}
      pagination={false}
      columns={[
        { title: t('users.signed_in'), render: (_, row) => localTime(row.created_at) },
        { title: t('users.ip'), dataIndex: 'ip', className: 'num' },
        {
          title: t('table.status'),
          render: (_, row) => <Tag color={colour[row.state]}>{t(`users.session_${row.state}`)}</Tag>,
        },
        {
          title: t('users.session_until'),
          render: (_, row) => localTime(row.ended_at),
        },
      ]}
    />
  );
}

/** The users this one invited. */
export function Invitees({ id }: { id: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['user', id, 'invitees', page],
    queryFn: () =>
      api.get<{ list: WireInvitee[]; total: number }>(`/admin/api/users/${id}/invitees`, {
        page,
        page_size: 20,
      }),
  });
  return (
    <Table<WireInvitee>
      size="small"
      className="dense-table"
      rowKey="id"
      loading={query.isLoading}
      dataSource={query.data?.list ?? []}
      pagination={{ current: page, pageSize: 20, total: query.data?.total ?? 0, onChange: setPage }}
      columns={[
        { title: t('table.id'), dataIndex: 'id' },
        { title: 'UID', dataIndex: 'uid' },
        { title: t('users.email'), render: (_, row) => row.email || row.mobile || '—' },
        { title: t('users.kind'), render: (_, row) => (row.is_demo ? t('users.demo') : t('users.real')) },
        { title: t('table.created'), render: (_, row) => localTime(row.created_at) },
      ]}
    />
  );
}

interface PayoutMethod {
  id: number;
  type: number;
  dc_address: string;
  bank_name: string;
  bank_swift: string;
  payee_name: string;
  payee_account: string;
  draw_currency: { code: string; protocol: string } | null;
}

/** Where the user's withdrawals can go: bound crypto addresses and bank accounts. */
export function PayoutMethods({ id }: { id: number }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['user', id, 'payout-methods'],
    queryFn: () => api.get<PayoutMethod[]>(`/admin/api/users/${id}/payout-methods`),
  });
  return (
    <Table<PayoutMethod>
      size="small"
      className="dense-table"
      rowKey="id"
      loading={query.isLoading}
      dataSource={query.data ?? []}
      pagination={false}
      columns={[
        { title: t('table.id'), dataIndex: 'id', width: 60 },
        {
          title: t('payments.payout_kind'),
          render: (_, row) => (row.type === 1 ? t('payments.kind_crypto') : t('payments.kind_bank')),
        },
        {
          title: t('payments.currency'),
          render: (_, row) =>
            [row.draw_currency?.code, row.draw_currency?.protocol].filter(Boolean).join(' · '),
        },
        {
          title: t('withdrawal.destination'),
          className: 'num',
          render: (_, row) =>
            row.type === 1
              ? row.dc_address
              : `${row.bank_name} · ${row.bank_swift} · ${row.payee_name} · ${row.payee_account}`,
        },
      ]}
    />
  );
}
