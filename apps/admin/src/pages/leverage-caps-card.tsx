/**
 * Leverage caps per class of instrument in the settings: the highest leverage retail clients may
 * use on major pairs, other pairs, gold, other metals, energies, indices and crypto. A change is
 * confirmed with a reason (kept in the audit log) and applies to the next order on every server at
 * once; the tickets then offer only what the cap allows. Open positions keep their leverage.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { App, Button, Card, InputNumber, Skeleton, Table, Typography } from 'antd';
import { LEVERAGE_CAP_MAX, type LeverageCapClass, type LeverageCapRow } from '@omp/protocol';
import { api } from '../lib/api-client.ts';
import { ReasonDialog } from '../ui/reason-dialog.tsx';

export function LeverageCapsCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [drafts, setDrafts] = useState<Partial<Record<LeverageCapClass, number>>>({});
  const [confirming, setConfirming] = useState(false);
  const query = useQuery({
    queryKey: ['leverage-caps'],
    queryFn: () => api.get<LeverageCapRow[]>('/admin/api/leverage_caps'),
  });
  const rows = query.data;
  if (!rows) return <Skeleton active />;

  const changed = rows.filter((row) => drafts[row.class] !== undefined && drafts[row.class] !== row.cap);

  return (
    <Card
      size="small"
      title={t('leverageCaps.title')}
      extra={t('leverageCaps.applies')}
      style={{ marginTop: 16 }}
      data-testid="leverage-caps-card"
      // Enter in a cap must not submit the settings form around this card.
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.preventDefault();
      }}
    >
      <Table<LeverageCapRow>
        size="small"
        pagination={false}
        rowKey="class"
        dataSource={rows}
        columns={[
          {
            title: t('leverageCaps.class'),
            dataIndex: 'class',
            width: 200,
            render: (value: LeverageCapClass) => t(`leverageCaps.class_${value}`),
          },
          {
            title: t('leverageCaps.instruments'),
            dataIndex: 'instruments',
            render: (codes: string[]) => (
              <Typography.Text
                type="secondary"
                ellipsis={{ tooltip: codes.join(', ') }}
                style={{ maxWidth: 520 }}
              >
                {codes.join(', ') || '—'}
              </Typography.Text>
            ),
          },
          {
            title: t('leverageCaps.default'),
            dataIndex: 'default_cap',
            width: 110,
            align: 'right',
            render: (value: number) => <span className="num">1:{value}</span>,
          },
          {
            title: t('leverageCaps.cap'),
            dataIndex: 'cap',
            width: 150,
            align: 'right',
            render: (value: number, row) => (
              <InputNumber<number>
                size="small"
                min={1}
                max={LEVERAGE_CAP_MAX}
                precision={0}
                prefix="1:"
                value={drafts[row.class] ?? value}
                onChange={(next) => setDrafts({ ...drafts, [row.class]: next === null ? undefined : next })}
                style={{ width: 110 }}
                data-testid={`cap-${row.class}`}
              />
            ),
          },
        ]}
      />
      <Button
        type="primary"
        style={{ marginTop: 12 }}
        disabled={changed.length === 0}
        onClick={() => setConfirming(true)}
        data-testid="caps-review"
      >
        {t('settings.review_caps')}
      </Button>
      {confirming && (
        <ReasonDialog
          open
          needsReason
          reasonRequired={t('leverageCaps.reason_required')}
          title={t('leverageCaps.confirm_title')}
          consequence={
            changed
              .map((row) =>
                t('leverageCaps.change_line', {
                  class: t(`leverageCaps.class_${row.class}`),
                  from: row.cap,
                  to: drafts[row.class],
                }),
              )
              .join(' · ') + `. ${t('leverageCaps.confirm_consequence')}`
          }
          okText={t('settings.save')}
          onConfirm={async (reason) => {
            const caps = Object.fromEntries(changed.map((row) => [row.class, drafts[row.class]]));
            const { data, msg } = await api.postForMessage<LeverageCapRow[]>('/admin/api/leverage_caps', {
              caps,
              reason,
            });
            queryClient.setQueryData(['leverage-caps'], data);
            setDrafts({});
            message.success(msg);
          }}
          onClose={() => setConfirming(false)}
        />
      )}
    </Card>
  );
}
