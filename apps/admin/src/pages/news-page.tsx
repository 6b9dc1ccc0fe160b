/** The news as readers see the list (newest first); a row opens the article in every language. */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { NewsItem } from '@omp/protocol';
import { localTime } from '../lib/time.ts';
import { PagedTable } from '../ui/paged-table.tsx';
import { NewsEditor } from './news-editor.tsx';

export default function NewsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<number | 'new'>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['news'] });

  return (
    <>
      <PagedTable<NewsItem>
        path="/api/news/list"
        queryKey="news"
        filters={{ category_id: 1 }}
        rowKey={(row) => row.id}
        onOpen={(row) => setOpen(row.id)}
        csvName="news"
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen('new')}>
            {t('news.new')}
          </Button>
        }
        columns={[
          { title: t('table.id'), dataIndex: 'id', width: 70 },
          { title: t('news.title'), dataIndex: 'title' },
          { title: t('news.summary'), dataIndex: 'desc', ellipsis: true },
          { title: t('news.published'), render: (_, row) => localTime(row.created_at), width: 170 },
        ]}
        csvColumns={[
          { title: 'id', value: (row) => row.id },
          { title: 'title', value: (row) => row.title },
          { title: 'summary', value: (row) => row.desc },
          { title: 'published', value: (row) => localTime(row.created_at) },
        ]}
      />
      {open !== undefined && <NewsEditor id={open} onSaved={refresh} onClose={() => setOpen(undefined)} />}
    </>
  );
}
