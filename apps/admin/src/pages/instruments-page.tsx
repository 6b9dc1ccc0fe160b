/**
 * The instruments and what they trade with. An admin changes a spread here: confirmed with the
 * spread before and after, audited, and quoted from the next tick on every phone.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, App, Button, InputNumber, Modal, Table, Typography } from 'antd';
import type { WireStaffInstrument } from '@omp/protocol';
import { api } from '../lib/api-client.ts';
import { allows, useSession } from '../lib/session.ts';
import { errorText } from '../ui/error-text.ts';

export default function InstrumentsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { staff } = useSession();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<WireStaffInstrument>();
  const [spread, setSpread] = useState<number | null>(null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const list = useQuery({
    queryKey: ['instruments'],
    queryFn: () => api.get<WireStaffInstrument[]>('/admin/api/instruments'),
  });

  const save = async () => {
    if (!editing || spread === null) return;
    setBusy(true);
    setError(undefined);
    try {
      const { msg } = await api.postForMessage(`/admin/api/instruments/${editing.id}`, {
        spread_points: spread,
      });
      message.success(msg);
      await queryClient.invalidateQueries({ queryKey: ['instruments'] });
      setEditing(undefined);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  /** A spread in points, and in price units at the instrument's precision. */
  const inPrice = (points: number, precision: number) => (points / 10 ** precision).toFixed(precision);

  return (
    <>
      <Table<WireStaffInstrument>
        size="small"
        className="dense-table"
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={{ pageSize: 50 }}
        columns={[
          { title: t('table.id'), dataIndex: 'id', width: 60, sorter: (a, b) => a.id - b.id },
          {
            title: t('dashboard.instrument'),
            dataIndex: 'code',
            sorter: (a, b) => a.code.localeCompare(b.code),
          },
          { title: t('instruments.name'), dataIndex: 'show_code' },
          { title: t('instruments.precision'), dataIndex: 'price_precision', align: 'right' },
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
          { title: t('instruments.lots'), render: (_, i) => `${i.min_lots} – ${i.max_lots} / ${i.lot_step}` },
          {
            title: t('instruments.leverage'),
            render: (_, i) => i.leverage_options.map((l) => `1:${l}`).join(' ') || '—',
          },
          { title: t('instruments.fee_rate'), dataIndex: 'fee_rate', align: 'right' },
          ...(allows(staff, ['admin'])
            ? [
                {
                  title: t('table.actions'),
                  render: (_: unknown, i: WireStaffInstrument) => (
                    <Button
                      size="small"
                      onClick={() => {
                        setEditing(i);
                        setSpread(i.spread_points);
                        setError(undefined);
                      }}
                    >
                      {t('instruments.change_spread')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing && (
        <Modal
          open
          title={t('instruments.spread_of', { code: editing.code })}
          okText={t('settings.save')}
          cancelText={t('common.cancel')}
          okButtonProps={{ loading: busy, disabled: spread === null || spread === editing.spread_points }}
          onOk={() => void save()}
          onCancel={() => setEditing(undefined)}
        >
          <Typography.Paragraph>{t('instruments.spread_consequence')}</Typography.Paragraph>
          <InputNumber<number>
            aria-label={t('instruments.spread')}
            min={0}
            max={100_000}
            precision={0}
            value={spread}
            onChange={setSpread}
            addonAfter={t('instruments.points')}
            style={{ width: 220 }}
          />
          {spread !== null && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
              {t('instruments.before_after', {
                before: inPrice(editing.spread_points, editing.price_precision),
                after: inPrice(spread, editing.price_precision),
              })}
            </Typography.Paragraph>
          )}
          {error && <Alert type="error" showIcon title={error} role="alert" />}
        </Modal>
      )}
    </>
  );
}
