/**
 * The identity queue: submissions waiting first, both photos large (zoom and rotate in the
 * preview), the user's earlier submissions, and approve or reject with the reason the user reads.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Descriptions, Flex, Image, List, Skeleton, Typography } from 'antd';
import { staffMayReadFile, type IdentitySubmission } from '@omp/protocol';
import { api } from '../lib/api-client.ts';
import { allows, useSession } from '../lib/session.ts';
import { localTime } from '../lib/time.ts';
import type { Page } from '../ui/paged-table.tsx';
import { ReviewQueue } from '../ui/review-queue.tsx';
import { StatusTag } from '../ui/status-tag.tsx';
import { UserLink } from './user-link.tsx';

const WAITING = 1;
const tone = (status: number) => (status === 1 ? 'waiting' : status === 2 ? 'done' : 'refused');

export default function IdentityPage() {
  const { t } = useTranslation();
  const { staff } = useSession();
  const statusText = (value: number) => t(`identity.status_${value}`);

  return (
    <ReviewQueue<IdentitySubmission>
      path="/admin/api/identity"
      queryKey="identity"
      waiting={WAITING}
      statuses={[1, 2, 3].map((value) => ({ value, label: statusText(value) }))}
      columns={[
        { title: t('table.id'), dataIndex: 'id', width: 80 },
        { title: t('table.user_id'), dataIndex: 'user_id', width: 90 },
        { title: t('identity.account'), dataIndex: 'account' },
        { title: t('identity.name'), dataIndex: 'name' },
        { title: t('identity.document'), render: (_, row) => `${row.card_type} ${row.card_id}` },
        {
          title: t('table.status'),
          render: (_, row) => <StatusTag tone={tone(row.status)} text={statusText(row.status)} />,
        },
        { title: t('table.created'), render: (_, row) => localTime(row.created_at), width: 170 },
      ]}
      csvColumns={[
        { title: 'id', value: (row) => row.id },
        { title: 'user_id', value: (row) => row.user_id },
        { title: 'account', value: (row) => row.account },
        { title: 'name', value: (row) => row.name },
        { title: 'card_type', value: (row) => row.card_type },
        { title: 'card_id', value: (row) => row.card_id },
        { title: 'status', value: (row) => statusText(row.status) },
        { title: 'remark', value: (row) => row.remark },
        { title: 'created_at', value: (row) => localTime(row.created_at) },
      ]}
      title={(open) => t('identity.drawer_title', { id: open.id, name: open.name })}
      decisions={(open) =>
        allows(staff, ['compliance'])
          ? [
              {
                key: 'approve',
                label: t('decision.approve'),
                path: `/admin/api/identity/${open.id}/approve`,
                consequence: t('identity.approve_consequence', { name: open.name }),
                needsReason: false,
                primary: true,
              },
              {
                key: 'reject',
                label: t('decision.reject'),
                path: `/admin/api/identity/${open.id}/reject`,
                consequence: t('identity.reject_consequence'),
                needsReason: true,
                danger: true,
              },
            ]
          : []
      }
      detail={(open) => <IdentityDetail id={open.id} />}
    />
  );
}

function IdentityDetail({ id }: { id: number }) {
  const { staff } = useSession();
  const { t } = useTranslation();
  // The detail carries fresh signed links to the photos.
  const detail = useQuery({
    queryKey: ['identity-detail', id],
    queryFn: () => api.get<IdentitySubmission>(`/admin/api/identity/${id}`),
  });
  const history = useQuery({
    queryKey: ['identity-history', detail.data?.user_id],
    queryFn: () =>
      api.get<Page<IdentitySubmission>>('/admin/api/identity', {
        user_id: detail.data!.user_id,
        page_size: 20,
      }),
    enabled: detail.data !== undefined,
  });
  if (!detail.data) return <Skeleton active />;
  const record = detail.data;
  return (
    <Flex vertical gap={16}>
      <Descriptions size="small" bordered column={2}>
        <Descriptions.Item label={t('table.user_id')}>
          <UserLink id={record.user_id} />
        </Descriptions.Item>
        <Descriptions.Item label={t('identity.account')}>{record.account}</Descriptions.Item>
        <Descriptions.Item label={t('identity.name')}>{record.name}</Descriptions.Item>
        <Descriptions.Item
          label={t('identity.document')}
        >{`${record.card_type} ${record.card_id}`}</Descriptions.Item>
        <Descriptions.Item label={t('table.created')}>{localTime(record.created_at)}</Descriptions.Item>
        <Descriptions.Item label={t('table.status')}>
          {t(`identity.status_${record.status}`)}
        </Descriptions.Item>
        {record.remark ? (
          <Descriptions.Item label={t('decision.reason')} span={2}>
            {record.remark}
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      {/* Identity photos are for compliance (and admin): the server gives other roles no link. */}
      {staffMayReadFile(staff?.roles ?? [], ['identity']) ? (
        <Image.PreviewGroup>
          <Flex gap={12}>
            <figure className="photo">
              <Image src={record.front_pic} alt={t('identity.front')} width={320} />
              <figcaption>{t('identity.front')}</figcaption>
            </figure>
            {/* A passport has no reverse side. */}
            {record.reverse_pic && (
              <figure className="photo">
                <Image src={record.reverse_pic} alt={t('identity.reverse')} width={320} />
                <figcaption>{t('identity.reverse')}</figcaption>
              </figure>
            )}
          </Flex>
        </Image.PreviewGroup>
      ) : (
        <Typography.Text type="secondary" data-testid="photos-withheld">
          {t('identity.front')}: {t('common.not_for_role')}
        </Typography.Text>
      )}
      <Typography.Title level={5}>{t('identity.history')}</Typography.Title>
      <List
        size="small"
        loading={history.isLoading}
        dataSource={(history.data?.list ?? []).filter((item) => item.id !== record.id)}
        locale={{ emptyText: t('identity.no_history') }}
        renderItem={(item) => (
          <List.Item>
            {`#${item.id} · ${localTime(item.created_at)} · ${t(`identity.status_${item.status}`)}${item.remark ? ` · ${item.remark}` : ''}`}
          </List.Item>
        )}
      />
    </Flex>
  );
}
