/** What users were sent: e-mails and SMS, newest first, with the codes in them masked. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Select, Tag, Typography } from 'antd';
import type { WireMessage } from '@omp/protocol';
import { localTime } from '../lib/time.ts';
import { PagedTable } from '../ui/paged-table.tsx';
import { SearchBox } from '../ui/search-box.tsx';

export default function MessagesPage() {
  const { t } = useTranslation();
  const [address, setAddress] = useState('');
  const [channel, setChannel] = useState<'email' | 'sms'>();
  return (
    <PagedTable<WireMessage>
      path="/admin/api/messages"
      queryKey="messages"
      filters={{ address, channel }}
      rowKey={(m) => m.id}
      csvName="messages"
      toolbar={
        <>
          <SearchBox label={t('messages.address')} onSearch={setAddress} />
          <Select<'email' | 'sms' | 'all'>
            aria-label={t('messages.channel')}
            value={channel ?? 'all'}
            onChange={(value) => setChannel(value === 'all' ? undefined : value)}
            options={[
              { value: 'all', label: t('messages.all_channels') },
              { value: 'email', label: t('messages.email') },
              { value: 'sms', label: t('messages.sms') },
            ]}
            style={{ width: 160 }}
          />
        </>
      }
      columns={[
        { title: t('audit.when'), render: (_, m) => localTime(m.created_at), width: 170 },
        { title: t('messages.channel'), render: (_, m) => t(`messages.${m.channel}`), width: 90 },
        { title: t('messages.address'), dataIndex: 'address' },
        { title: t('messages.subject'), dataIndex: 'subject' },
        {
          title: t('messages.text'),
          render: (_, m) => (
            <Typography.Text ellipsis={{ tooltip: m.body }} style={{ maxWidth: 420 }}>
              {m.body}
            </Typography.Text>
          ),
        },
        {
          title: t('messages.delivery'),
          render: (_, m) => <Tag>{t(`messages.delivery_${m.delivery}`)}</Tag>,
        },
      ]}
      csvColumns={[
        { title: 'at', value: (m) => localTime(m.created_at) },
        { title: 'channel', value: (m) => m.channel },
        { title: 'address', value: (m) => m.address },
        { title: 'subject', value: (m) => m.subject },
        { title: 'text', value: (m) => m.body },
        { title: 'delivery', value: (m) => m.delivery },
      ]}
    />
  );
}
