/** Every staff action: who, when, from where, on what, and each field before and after. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InputNumber, Select, Table } from 'antd';
import type { WireAuditEntry } from '@omp/protocol';
import { auditDiff } from '../lib/diff.ts';
import { localTimeOfMs } from '../lib/time.ts';
import { useDateRange } from '../ui/date-range.tsx';
import { PagedTable } from '../ui/paged-table.tsx';

/** Every kind of record staff change, as the audit names it (`target_type`). */
const TARGET_TYPES = [
  'identity',
  'deposit',
  'withdrawal',
  'user',
  'order',
  'staff',
  'setting',
  'instrument',
  'leverage_caps',
  'risk_warning',
  'news',
  'company',
  'charge_networks',
  'wire_banks',
  'deposit_rates',
  'withdraw_currencies',
] as const;

/** Records whose `status` is one of a desk's states, which the desks' own screens name in words. */
const STATUS_IN_WORDS = new Set(['identity', 'deposit', 'withdrawal']);

/** Fields that hold the id of the member who decided: the entry's own actor, named as "Who" names them. */
const DECIDED_BY = new Set(['reviewed_by']);

/**
 * The entry's changes, a desk's status in the words its screen uses ("Waiting", "Paid") and the
 * reviewer by name when it is the member who made the change (always, for a desk's decision).
 */
function useChangesOf() {
  const { t, i18n } = useTranslation();
  return (entry: WireAuditEntry) =>
    auditDiff(entry.before, entry.after, localTimeOfMs, (field, value) => {
      if (DECIDED_BY.has(field) && value === entry.staff_id) return staffName(entry);
      const key = `${entry.target_type}.status_${String(value)}`;
      return field === 'status' && STATUS_IN_WORDS.has(entry.target_type) && i18n.exists(key)
        ? t(key)
        : undefined;
    });
}

const staffName = (entry: WireAuditEntry) => `${entry.staff_username} (#${entry.staff_id})`;

function Diff({ entry }: { entry: WireAuditEntry }) {
  const { t } = useTranslation();
  const changesOf = useChangesOf();
  return (
    // Fixed column widths (admin.css wraps long values), so the before and after columns line up
    // from one entry to the next whatever their values' lengths.
    <Table
      size="small"
      className="audit-diff"
      tableLayout="fixed"
      pagination={false}
      rowKey="field"
      dataSource={changesOf(entry)}
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
  const changesOf = useChangesOf();
  // A record type the server names that this screen does not know yet is shown as it is.
  const typeName = (type: string) => t(`audit_type.${type}`, { defaultValue: type });
  // Settings are one record: their entries carry no id.
  const target = (entry: WireAuditEntry) =>
    `${typeName(entry.target_type)}${entry.target_id ? ` #${entry.target_id}` : ''}`;
  const summary = (entry: WireAuditEntry) =>
    changesOf(entry)
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
            options={TARGET_TYPES.map((value) => ({ value, label: typeName(value) }))}
            // Sixteen kinds: every one on the page at once, none behind a scroll.
            virtual={false}
            listHeight={TARGET_TYPES.length * 32 + 8}
            style={{ width: 190 }}
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
        { title: t('audit.who'), render: (_, e) => staffName(e) },
        { title: t('audit.from'), dataIndex: 'ip', className: 'num', width: 130 },
        { title: t('audit.action'), dataIndex: 'action' },
        { title: t('audit.target'), render: (_, e) => target(e) },
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
