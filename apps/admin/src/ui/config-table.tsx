/**
 * A configuration list staff keep (deposit networks, wire banks, withdrawal currencies,
 * companies): every entry in a table, a drawer to add one or change one, only the fields changed
 * sent, after a confirmation listing each before and after. The server checks every value and
 * audits the change; a refusal keeps the drawer open with what was typed.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  Alert,
  App,
  Button,
  Drawer,
  Flex,
  Form,
  Input,
  Modal,
  Select,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { api } from '../lib/api-client.ts';
import { auditDiff, type FieldChange } from '../lib/diff.ts';
import { checkedValues, useConfirmedSave } from './confirmed-save.ts';
import { onRowKeyDown } from './row-keys.ts';

export interface ConfigField {
  name: string;
  label: string;
  kind?: 'text' | 'number' | 'flag' | 'select';
  options?: Array<{ value: string | number; label: string }>;
  required?: boolean;
  hint?: string;
  /** Shown as a column of the table. */
  column?: boolean;
}

type Entry = Record<string, unknown> & { id: number };

export interface ConfigTableProps {
  /** The list and add call, e.g. /admin/api/charge-networks; a change goes to `${path}/:id`. */
  path: string;
  /** Where the list sits in the answer: the answer itself, or its `list` (a paged answer). */
  paged?: boolean;
  title: string;
  fields: ConfigField[];
}

export function ConfigTable(props: ConfigTableProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Entry | 'new'>();
  const list = useQuery({
    queryKey: ['config', props.path],
    queryFn: async () =>
      props.paged
        ? (await api.get<{ list: Entry[] }>(props.path, { page: 1, page_size: 100 })).list
        : api.get<Entry[]>(props.path),
  });
  const shown = (field: ConfigField, value: unknown) => {
    if (field.kind === 'flag')
      return value ? <Tag color="green">{t('config.on')}</Tag> : <Tag>{t('config.off')}</Tag>;
    if (field.kind === 'select')
      return field.options?.find((option) => option.value === value)?.label ?? String(value);
    return <span className={field.kind === 'number' ? 'num' : undefined}>{String(value ?? '')}</span>;
  };

  return (
    <Flex vertical gap={8}>
      <Flex align="center" justify="space-between">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {props.title}
        </Typography.Title>
        <Button icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t('config.add')}
        </Button>
      </Flex>
      <Table<Entry>
        size="small"
        className="dense-table"
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={false}
        onRow={(row) => ({
          onClick: () => setEditing(row),
          onKeyDown: onRowKeyDown(() => setEditing(row)),
          tabIndex: 0,
          className: 'clickable-row',
        })}
        columns={[
          { title: t('table.id'), dataIndex: 'id', width: 60 },
          ...props.fields
            .filter((field) => field.column !== false)
            .map((field) => ({
              title: field.label,
              key: field.name,
              render: (_: unknown, row: Entry) => shown(field, row[field.name]),
            })),
        ]}
      />
      {editing && (
        <EntryDrawer
          {...props}
          entry={editing === 'new' ? undefined : editing}
          onSaved={() => queryClient.invalidateQueries({ queryKey: ['config', props.path] })}
          onClose={() => setEditing(undefined)}
        />
      )}
    </Flex>
  );
}

function EntryDrawer(
  props: ConfigTableProps & { entry: Entry | undefined; onSaved: () => Promise<void>; onClose: () => void },
) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Record<string, unknown>>();
  const { pending, confirm, cancel, save, busy, error } = useConfirmedSave<{
    path: string;
    body: Record<string, unknown>;
    changes: FieldChange[];
  }>(props);
  const { entry } = props;

  const review = async () => {
    const values = await checkedValues(form);
    if (!values) return;
    const body: Record<string, unknown> = {};
    for (const field of props.fields) {
      let value = values[field.name];
      if (typeof value === 'string') value = value.trim();
      if (field.kind === 'flag') value = value ? 1 : 0;
      if (value === undefined || (entry === undefined && value === '')) continue;
      if (entry === undefined || JSON.stringify(value) !== JSON.stringify(entry[field.name]))
        body[field.name] = value;
    }
    if (Object.keys(body).length === 0) return void message.info(t('settings.nothing_changed'));
    const before = Object.fromEntries(Object.keys(body).map((key) => [key, entry?.[key]]));
    confirm({
      path: entry ? `${props.path}/${entry.id}` : props.path,
      body,
      changes: auditDiff(before, body),
    });
  };

  const labelOf = (name: string) => props.fields.find((field) => field.name === name)?.label ?? name;
  return (
    <Drawer
      open
      size={560}
      title={entry ? `${props.title} #${entry.id}` : `${props.title}: ${t('config.add')}`}
      onClose={props.onClose}
      extra={
        <Button type="primary" onClick={() => void review()}>
          {t('settings.save')}
        </Button>
      }
    >
      {error && <Alert type="error" showIcon role="alert" style={{ marginBottom: 12 }} title={error} />}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={
          entry ?? Object.fromEntries(props.fields.filter((f) => f.kind === 'flag').map((f) => [f.name, 1]))
        }
      >
        {props.fields.map((field) => (
          <Form.Item
            key={field.name}
            name={field.name}
            label={field.label}
            {...(field.hint ? { extra: field.hint } : {})}
            {...(field.kind === 'flag'
              ? {
                  valuePropName: 'checked',
                  getValueProps: (value: unknown) => ({ checked: value === 1 || value === true }),
                }
              : {})}
            rules={
              field.required ? [{ required: true, whitespace: true, message: t('config.required') }] : []
            }
          >
            {field.kind === 'flag' ? (
              <Switch />
            ) : field.kind === 'select' ? (
              <Select options={field.options ?? []} aria-label={field.label} />
            ) : (
              <Input autoComplete="off" className={field.kind === 'number' ? 'num' : undefined} />
            )}
          </Form.Item>
        ))}
      </Form>
      {pending && (
        <Modal
          open
          title={t('config.confirm_title')}
          okText={t('settings.save')}
          cancelText={t('common.cancel')}
          okButtonProps={{ loading: busy }}
          onOk={() => void save()}
          onCancel={cancel}
        >
          <ul className="change-list" data-testid="config-changes">
            {pending.changes.map((change) => (
              <li key={change.field}>
                <strong>{labelOf(change.field)}</strong>: <span className="num">{change.before || '—'}</span>{' '}
                → <span className="num">{change.after || '—'}</span>
              </li>
            ))}
          </ul>
        </Modal>
      )}
    </Drawer>
  );
}
