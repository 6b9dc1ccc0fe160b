/** Every staff action: who, when, from where, on what, and each field before and after. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InputNumber, Select, Table } from 'antd';
import type { WireAuditEntry } from '@omp/protocol';
import { auditDiff } from '../lib/diff.ts';
import { localTimeOfMs } from '../lib/time.ts';
import { useDateRange } from '../ui/date-range.tsx';
import { PagedTable } from '../ui/paged-table.tsx';

const TARGET_TYPES = ['identity', 'deposit', 'withdrawal', 'staff', 'setting', 'user', 'news', 'company'];

function Diff({ entry }: { entry: WireAuditEntry }) {
  const { t } = useTranslation();
  return (
    // Fixed column widths (admin.css wraps long values), so the before and after columns line up
    // from one entry to the next whatever their values' lengths.
    <Table
      size="small"
      className="audit-diff"
      tableLayout="fixed"
      pagination={false}
      rowKey="field"
      dataSource={auditDiff(entry.before, entry.after, localTimeOfMs)}
      columns={[
        { title: t('audit.field'), dataIndex: 'field', width: '30%' },
        {
          title: t('audit.before'),
          dataIndex: 'before',
          width: '35%',
          render: (v: string) => <del>{v}</del>,
        },
        {
          title: t('audit.after'),
          dataIndex: 'after',
          width: '35%',
          render: (v: string) => <ins>{v}</ins>,
        },
      ]}
    />
  );
}

export default function AuditPage() {
  const { t } = useTranslation();
  const [targetType, setTargetType] = useState<string>();
  const [targetId, setTargetId] = useState<number>();
  const [staffId, setStaffId] = useState<number>();
  const when = useDateRange(t('audit.when'));
  const summary = (entry: WireAuditEntry) =>
    auditDiff(entry.before, entry.after, localTimeOfMs)
      .map((change) => `${change.field}: ${change.before || '—'} → ${change.after || '—'}`)
      .join('; ');

  return (
    <PagedTable<WireAuditEntry>
      path="/admin/api/audit"
      queryKey="audit"
      filters={{ target_type: targetType, target_id: targetId, staff_id: staffId, ...when.params }}
      rowKey={(entry) => entry.id}
      csvName="audit"
      toolbar={
        <>
          {when.picker}
          <Select<string>
            allowClear
            aria-label={t('audit.target_type')}
            placeholder={t('audit.target_type')}
            value={targetType ?? null}
            onChange={(value) => setTargetType(value)}
            options={TARGET_TYPES.map((value) => ({ value, label: value }))}
            style={{ width: 160 }}
          />
          <InputNumber<number>
            aria-label={t('audit.target_id')}
            placeholder={t('audit.target_id')}
            min={1}
            value={targetId ?? null}
            onChange={(v) => setTargetId(v ?? undefined)}
          />
          <InputNumber<number>
            aria-label={t('audit.staff_id')}
            placeholder={t('audit.staff_id')}
            min={1}
            value={staffId ?? null}
            onChange={(v) => setStaffId(v ?? undefined)}
          />
        </>
      }
      columns={[
        { title: t('table.id'), dataIndex: 'id', width: 70 },
        { title: t('audit.when'), render: (_, e) => localTimeOfMs(e.at_ms), width: 170 },
        { title: t('audit.who'), render: (_, e) => `${e.staff_username} (#${e.staff_id})` },
        { title: t('audit.from'), dataIndex: 'ip', className: 'num', width: 130 },
        { title: t('audit.action'), dataIndex: 'action' },
        { title: t('audit.target'), render: (_, e) => `${e.target_type} #${e.target_id}` },
        { title: t('audit.changes'), width: '40%', render: (_, e) => <Diff entry={e} /> },
      ]}
      csvColumns={[
        { title: 'id', value: (e) => e.id },
        { title: 'at', value: (e) => localTimeOfMs(e.at_ms) },
        { title: 'staff', value: (e) => e.staff_username },
        { title: 'from', value: (e) => e.ip },
        { title: 'action', value: (e) => e.action },
        { title: 'target_type', value: (e) => e.target_type },
        { title: 'target_id', value: (e) => e.target_id },
        { title: 'changes', value: summary },
      ]}
    />
  );
}
