/** The users: find by id, uid, e-mail or mobile; a row opens the trader's account in a drawer. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Select, Tag } from 'antd';
import type { WireUserSummary } from '@omp/protocol';
import { localTime } from '../lib/time.ts';
import { PagedTable } from '../ui/paged-table.tsx';
import { SearchBox } from '../ui/search-box.tsx';
import { UserDrawer } from './user-drawer.tsx';

export default function UsersPage() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [kind, setKind] = useState<number>();
  const [open, setOpen] = useState<number>();
  const identity = (status: number) =>
    status === 0 ? t('users.identity_none') : t(`identity.status_${status}`);

  return (
    <>
      <PagedTable<WireUserSummary>
        path="/admin/api/users"
        queryKey="users"
        filters={{ q, is_demo: kind }}
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
          </>
        }
        columns={[
          { title: t('table.user_id'), dataIndex: 'id', width: 90 },
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
            align: 'right',
            render: (_, u) => <span className="num">{u.balance_usd}</span>,
          },
          {
            title: t('staff.state'),
            render: (_, u) => (u.disabled ? <Tag color="red">{t('staff.disabled')}</Tag> : null),
          },
          { title: t('table.created'), render: (_, u) => localTime(u.created_at), width: 170 },
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
          { title: 'created_at', value: (u) => localTime(u.created_at) },
        ]}
      />
      {open !== undefined && <UserDrawer id={open} onClose={() => setOpen(undefined)} />}
    </>
  );
}
