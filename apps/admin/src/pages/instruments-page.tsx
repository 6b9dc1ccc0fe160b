/**
 * The instruments and the terms they trade on. An admin halts or resumes new orders in one (the
 * phones show it at once; open positions still close) and edits the rest in a drawer; every change
 * is confirmed, audited, and traded on from the next tick on every node.
 */
import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { App, Button, Flex, Input, Select, Space, Table, Tag } from 'antd';
import type { Category, WireStaffInstrument } from '@omp/protocol';
import { api } from '../lib/api-client.ts';
import { downloadCsv, toCsv } from '../lib/csv.ts';
import { toFields } from '../lib/schedule.ts';
import { allows, useSession } from '../lib/session.ts';
import { ReasonDialog } from '../ui/reason-dialog.tsx';
import { InstrumentEditor } from './instrument-editor.tsx';

export default function InstrumentsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { staff } = useSession();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<WireStaffInstrument>();
  const [switching, setSwitching] = useState<WireStaffInstrument>();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<number>();
  const list = useQuery({
    queryKey: ['instruments'],
    queryFn: () => api.get<WireStaffInstrument[]>('/admin/api/instruments'),
  });
  const categories = useQuery({
    queryKey: ['categories'],
    queryFn: () => api.get<Category[]>('/v1/api/forex/getCategories'),
    staleTime: 5 * 60_000,
  });
  const categoryName = (id: number) => categories.data?.find((c) => c.Id === id)?.NameShowTrans ?? String(id);
  const days = t('instruments.weekdays').split(',');
  const hours = (i: WireStaffInstrument) =>
    i.schedule.length === 0
      ? t('instruments.never_open')
      : i.schedule.some((s) => s.to - s.from >= 10080)
        ? t('instruments.always_open')
        : i.schedule
            .map(toFields)
            .map((s) => `${days[s.fromDay]} ${s.fromTime} – ${days[s.toDay]} ${s.toTime}`)
            .join('; ');

  const shown = useMemo(() => {
    const needle = search
      .trim()
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '');
    return (list.data ?? []).filter(
      (i) =>
        (category === undefined || i.category_id === category) &&
        (!needle ||
          `${i.code}${i.show_code}`
            .toUpperCase()
            .replace(/[^A-Z0-9]/g, '')
            .includes(needle)),
    );
  }, [list.data, search, category]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['instruments'] });
  /** A spread in points, and in price units at the instrument's precision. */
  const inPrice = (points: number, precision: number) => (points / 10 ** precision).toFixed(precision);

  const exportCsv = () =>
    downloadCsv(
      'instruments.csv',
      toCsv<WireStaffInstrument>(
        [
          { title: 'id', value: (i) => i.id },
          { title: 'code', value: (i) => i.code },
          { title: 'show_code', value: (i) => i.show_code },
          { title: 'enabled', value: (i) => (i.enabled ? 'yes' : 'no') },
          { title: 'category', value: (i) => categoryName(i.category_id) },
          { title: 'spread_points', value: (i) => i.spread_points },
          { title: 'contract_size', value: (i) => i.contract_size },
          { title: 'min_lots', value: (i) => i.min_lots },
          { title: 'max_lots', value: (i) => i.max_lots },
          { title: 'lot_step', value: (i) => i.lot_step },
          { title: 'leverage_options', value: (i) => i.leverage_options.join(' ') },
          { title: 'fee_rate', value: (i) => i.fee_rate },
          { title: 'hours', value: hours },
          { title: 'open_orders', value: (i) => i.open_orders },
        ],
        shown,
      ),
    );

  return (
    <>
      <Flex gap={8} style={{ marginBottom: 12 }} wrap>
        <Input.Search
          allowClear
          placeholder={t('instruments.search')}
          aria-label={t('instruments.search')}
          style={{ width: 260 }}
          onChange={(event) => setSearch(event.target.value)}
        />
        <Select
          allowClear
          placeholder={t('instruments.category')}
          aria-label={t('instruments.category')}
          style={{ width: 180 }}
          value={category}
          onChange={setCategory}
          options={(categories.data ?? []).map((c) => ({ value: c.Id, label: c.NameShowTrans }))}
        />
        <Button onClick={exportCsv}>{t('table.export_csv')}</Button>
      </Flex>
      <Table<WireStaffInstrument>
        size="small"
        className="dense-table"
        rowKey="id"
        loading={list.isLoading}
        dataSource={shown}
        pagination={{ pageSize: 50 }}
        // As wide as its cells (they do not wrap): scrolls sideways, the actions column stays in view.
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('table.id'), dataIndex: 'id', width: 56, sorter: (a, b) => a.id - b.id },
          {
            title: t('dashboard.instrument'),
            dataIndex: 'code',
            sorter: (a, b) => a.code.localeCompare(b.code),
            render: (_, i) => (
              <Space direction="vertical" size={0}>
                <strong>{i.show_code}</strong>
                <span className="muted">{i.names.en ?? i.code}</span>
              </Space>
            ),
          },
          {
            title: t('table.status'),
            sorter: (a, b) => Number(a.enabled) - Number(b.enabled),
            render: (_, i) => (
              <Tag color={i.enabled ? 'green' : 'red'} data-testid={`state-${i.code}`}>
                {i.enabled ? t('instruments.trading') : t('instruments.halted')}
              </Tag>
            ),
          },
          { title: t('instruments.category'), render: (_, i) => categoryName(i.category_id) },
          {
            title: t('instruments.spread'),
            align: 'right',
            sorter: (a, b) => a.spread_points - b.spread_points,
            render: (_, i) => (
              <span className="num" data-testid={`spread-${i.code}`}>
                {i.spread_points} ({inPrice(i.spread_points, i.price_precision)})
              </span>
            ),
          },
          { title: t('instruments.contract_size'), dataIndex: 'contract_size', align: 'right' },
          {
            title: t('instruments.lots'),
            render: (_, i) => <span className="num">{`${i.min_lots} – ${i.max_lots} / ${i.lot_step}`}</span>,
          },
          {
            title: t('instruments.leverage'),
            render: (_, i) => i.leverage_options.map((l) => `1:${l}`).join(' '),
          },
          { title: t('instruments.fee_rate'), dataIndex: 'fee_rate', align: 'right' },
          { title: t('instruments.hours'), render: (_, i) => hours(i), width: 220 },
          {
            title: t('instruments.open_orders'),
            dataIndex: 'open_orders',
            align: 'right',
            sorter: (a, b) => a.open_orders - b.open_orders,
          },
          ...(allows(staff, ['admin'])
            ? [
                {
                  title: t('table.actions'),
                  fixed: 'right' as const,
                  render: (_: unknown, i: WireStaffInstrument) => (
                    <Space>
                      <Button size="small" onClick={() => setEditing(i)}>
                        {t('instruments.edit')}
                      </Button>
                      <Button size="small" danger={i.enabled} onClick={() => setSwitching(i)}>
                        {i.enabled ? t('instruments.halt') : t('instruments.resume')}
                      </Button>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing && (
        <InstrumentEditor instrument={editing} onSaved={refresh} onClose={() => setEditing(undefined)} />
      )}
      {switching && (
        <ReasonDialog
          open
          needsReason={false}
          danger={switching.enabled}
          title={t(switching.enabled ? 'instruments.halt_title' : 'instruments.resume_title', {
            code: switching.show_code,
          })}
          consequence={t(
            switching.enabled ? 'instruments.halt_consequence' : 'instruments.resume_consequence',
            {
              count: switching.open_orders,
            },
          )}
          okText={switching.enabled ? t('instruments.halt') : t('instruments.resume')}
          onConfirm={async () => {
            const { msg } = await api.postForMessage(`/admin/api/instruments/${switching.id}`, {
              enabled: !switching.enabled,
            });
            message.success(msg);
            await refresh();
          }}
          onClose={() => setSwitching(undefined)}
        />
      )}
    </>
  );
}
