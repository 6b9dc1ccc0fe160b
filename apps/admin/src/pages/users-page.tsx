/**
 * The users: find by id, uid, e-mail or mobile, filter by kind, hold and registration dates, sort
 * by id, balance or registration on the server; a row opens the trader's account in a drawer.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Select, Tag } from 'antd';
import type { WireUserSummary } from '@omp/protocol';
import { localTime } from '../lib/time.ts';
import { PagedTable } from '../ui/paged-table.tsx';
import { useDateRange } from '../ui/date-range.tsx';
import { SearchBox } from '../ui/search-box.tsx';
import { UserDrawer } from './user-drawer.tsx';
import { groupedMoney } from '../lib/money-text.ts';

export default function UsersPage() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [kind, setKind] = useState<number>();
  const [state, setState] = useState<string>();
  const registered = useDateRange(t('users.registered'), { from: 'created_from_ms', to: 'created_to_ms' });
  const [open, setOpen] = useState<number>();
  const identity = (status: number) =>
    status === 0 ? t('users.identity_none') : t(`identity.status_${status}`);

  return (
    <>
      <PagedTable<WireUserSummary>
        path="/admin/api/users"
        queryKey="users"
        filters={{ q, is_demo: kind, state, ...registered.params }}
        serverSort
        rowKey={(row) => row.id}
        onOpen={(row) => setOpen(row.id)}
        csvName="users"
        toolbar={
          <>
            <SearchBox label={t('users.search')} onSearch={setQ} />
            <Select<number | 'all'>
              aria-label={t('users.kind')}
              value={kind ?? 'all'}
              onChange={(value) => setKind(value === 'all' ? undefined : value)}
              options={[
                { value: 'all', label: t('users.all_accounts') },
                { value: 0, label: t('users.real') },
                { value: 1, label: t('users.demo') },
              ]}
              style={{ width: 160 }}
            />
            <Select<string>
              allowClear
              aria-label={t('users.hold')}
              placeholder={t('users.any_hold')}
              value={state ?? null}
              onChange={(value) => setState(value ?? undefined)}
              options={[
                { value: 'trading_frozen', label: t('users.trading_frozen') },
                { value: 'withdrawals_frozen', label: t('users.withdrawals_frozen') },
                { value: 'disabled', label: t('staff.disabled') },
              ]}
              style={{ width: 190 }}
            />
            {registered.picker}
          </>
        }
        columns={[
          { title: t('table.user_id'), dataIndex: 'id', key: 'id', width: 90, sorter: true },
          { title: 'UID', dataIndex: 'uid', width: 110 },
          { title: t('users.email'), dataIndex: 'email' },
          { title: t('users.mobile'), dataIndex: 'mobile' },
          {
            title: t('users.kind'),
            render: (_, u) =>
              u.is_demo ? <Tag>{t('users.demo')}</Tag> : <Tag color="blue">{t('users.real')}</Tag>,
          },
          { title: t('nav.identity'), render: (_, u) => identity(u.identity_status) },
          {
            title: t('users.balance'),
            key: 'balance',
            sorter: true,
            align: 'right',
            render: (_, u) => <span className="num">{groupedMoney(u.balance_usd)}</span>,
          },
          {
            title: t('staff.state'),
            render: (_, u) => (
              <>
                {u.disabled ? <Tag color="red">{t('staff.disabled')}</Tag> : null}
                {u.trading_frozen ? <Tag color="orange">{t('users.trading_frozen')}</Tag> : null}
                {u.withdrawals_frozen ? <Tag color="orange">{t('users.withdrawals_frozen')}</Tag> : null}
              </>
            ),
          },
          {
            title: t('table.created'),
            key: 'created_at',
            sorter: true,
            render: (_, u) => localTime(u.created_at),
            width: 170,
          },
        ]}
        csvColumns={[
          { title: 'id', value: (u) => u.id },
          { title: 'uid', value: (u) => u.uid },
          { title: 'email', value: (u) => u.email },
          { title: 'mobile', value: (u) => u.mobile },
          { title: 'demo', value: (u) => u.is_demo },
          { title: 'identity', value: (u) => identity(u.identity_status) },
          { title: 'balance_usd', value: (u) => u.balance_usd },
          { title: 'disabled', value: (u) => u.disabled },
          { title: 'trading_frozen', value: (u) => u.trading_frozen },
          { title: 'withdrawals_frozen', value: (u) => u.withdrawals_frozen },
          { title: 'created_at', value: (u) => localTime(u.created_at) },
        ]}
      />
      {open !== undefined && <UserDrawer id={open} onClose={() => setOpen(undefined)} />}
    </>
  );
}
