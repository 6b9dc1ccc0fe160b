/** My working sessions: where and when each was last used; end any other one. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { App, Button, Popconfirm, Table, Tag } from 'antd';
import type { WireStaffSession } from '@omp/protocol';
import { api } from '../lib/api-client.ts';
import { localTime } from '../lib/time.ts';
import { errorText } from '../ui/error-text.ts';

export default function SessionsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: ['sessions'],
    queryFn: () => api.get<WireStaffSession[]>('/admin/api/sessions'),
  });

  const end = async (id: number) => {
    try {
      const { msg } = await api.postForMessage(`/admin/api/sessions/${id}/revoke`);
      message.success(msg);
      await queryClient.invalidateQueries({ queryKey: ['sessions'] });
    } catch (error) {
      message.error(errorText(error));
    }
  };

  return (
    <Table<WireStaffSession>
      size="small"
      className="dense-table"
      rowKey="id"
      loading={list.isLoading}
      dataSource={list.data ?? []}
      pagination={false}
      columns={[
        { title: t('sessions.started'), render: (_, s) => localTime(s.created_at) },
        { title: t('sessions.last_used'), render: (_, s) => localTime(s.last_seen_at) },
        { title: t('sessions.address'), dataIndex: 'ip' },
        { title: t('sessions.browser'), dataIndex: 'user_agent', ellipsis: true },
        {
          title: t('table.actions'),
          render: (_, s) =>
            s.current ? (
              <Tag color="blue">{t('sessions.this_one')}</Tag>
            ) : (
              <Popconfirm
                title={t('sessions.end_confirm')}
                okText={t('sessions.end')}
                cancelText={t('common.cancel')}
                onConfirm={() => end(s.id)}
              >
                <Button size="small" danger>
                  {t('sessions.end')}
                </Button>
              </Popconfirm>
            ),
        },
      ]}
    />
  );
}
