/**
 * The staff accounts (admins only): add a member with roles, change roles, disable or re-enable,
 * set a new password, or reset a lost authenticator. Each change is confirmed and audited; the
 * server keeps the last admin whatever is clicked here.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, App, Button, Checkbox, Flex, Form, Input, Modal, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { STAFF_ROLES, type StaffRole, type WireStaff } from '@omp/protocol';
import { api } from '../lib/api-client.ts';
import { localTime } from '../lib/time.ts';
import { errorText } from '../ui/error-text.ts';

type Editing =
  | { kind: 'create' }
  | { kind: 'roles'; member: WireStaff }
  | { kind: 'password'; member: WireStaff }
  | { kind: 'confirm'; member: WireStaff; change: Record<string, unknown>; text: string };

export default function StaffPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm();
  const list = useQuery({ queryKey: ['staff'], queryFn: () => api.get<WireStaff[]>('/admin/api/staff') });

  const close = () => {
    setEditing(undefined);
    setError(undefined);
    form.resetFields();
  };

  const send = async (path: string, body: Record<string, unknown>) => {
    setBusy(true);
    setError(undefined);
    try {
      const { msg } = await api.postForMessage(path, body);
      message.success(msg);
      await queryClient.invalidateQueries({ queryKey: ['staff'] });
      close();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  const submit = async () => {
    if (!editing) return;
    if (editing.kind === 'confirm') return send(`/admin/api/staff/${editing.member.id}`, editing.change);
    // A form that fails its rules shows why under the fields; nothing is sent.
    const values = (await form.validateFields().catch(() => undefined)) as
      { username?: string; password?: string; roles?: StaffRole[] } | undefined;
    if (!values) return;
    if (editing.kind === 'create') return send('/admin/api/staff', values);
    if (editing.kind === 'roles')
      return send(`/admin/api/staff/${editing.member.id}`, { roles: values.roles });
    return send(`/admin/api/staff/${editing.member.id}`, { password: values.password });
  };

  const roleOptions = STAFF_ROLES.map((role) => ({ value: role, label: t(`role.${role}`) }));
  const title =
    editing?.kind === 'create'
      ? t('staff.add')
      : editing?.kind === 'roles'
        ? t('staff.change_roles', { name: editing.member.username })
        : editing?.kind === 'password'
          ? t('staff.new_password', { name: editing.member.username })
          : t('staff.confirm');

  return (
    <Flex vertical gap={12}>
      <Flex>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ kind: 'create' })}>
          {t('staff.add')}
        </Button>
      </Flex>
      <Table<WireStaff>
        size="small"
        className="dense-table"
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={false}
        columns={[
          { title: t('table.id'), dataIndex: 'id', width: 70, sorter: (a, b) => a.id - b.id },
          {
            title: t('staff.username'),
            dataIndex: 'username',
            sorter: (a, b) => a.username.localeCompare(b.username),
          },
          {
            title: t('staff.roles'),
            render: (_, m) => m.roles.map((role) => <Tag key={role}>{t(`role.${role}`)}</Tag>),
          },
          {
            title: t('staff.second_factor'),
            render: (_, m) =>
              m.second_factor ? (
                <Tag color="green">{t('staff.enrolled')}</Tag>
              ) : (
                <Tag>{t('staff.not_enrolled')}</Tag>
              ),
          },
          {
            title: t('staff.state'),
            render: (_, m) =>
              m.disabled ? (
                <Tag color="red">{t('staff.disabled')}</Tag>
              ) : (
                <Tag color="blue">{t('staff.active')}</Tag>
              ),
          },
          { title: t('table.created'), render: (_, m) => localTime(m.created_at) },
          {
            title: t('table.actions'),
            render: (_, m) => (
              <Space size="small" wrap>
                <Button
                  size="small"
                  onClick={() => {
                    form.setFieldsValue({ roles: m.roles });
                    setEditing({ kind: 'roles', member: m });
                  }}
                >
                  {t('staff.roles')}
                </Button>
                <Button size="small" onClick={() => setEditing({ kind: 'password', member: m })}>
                  {t('staff.password')}
                </Button>
                <Button
                  size="small"
                  disabled={!m.second_factor}
                  onClick={() =>
                    setEditing({
                      kind: 'confirm',
                      member: m,
                      change: { reset_second_factor: 1 },
                      text: t('staff.reset_2fa_consequence', { name: m.username }),
                    })
                  }
                >
                  {t('staff.reset_2fa')}
                </Button>
                <Button
                  size="small"
                  danger={!m.disabled}
                  onClick={() =>
                    setEditing({
                      kind: 'confirm',
                      member: m,
                      change: { disabled: m.disabled ? 0 : 1 },
                      text: m.disabled
                        ? t('staff.enable_consequence', { name: m.username })
                        : t('staff.disable_consequence', { name: m.username }),
                    })
                  }
                >
                  {m.disabled ? t('staff.enable') : t('staff.disable')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== undefined}
        title={title}
        onOk={() => void submit()}
        onCancel={close}
        okButtonProps={{ loading: busy }}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        destroyOnHidden
      >
        {editing?.kind === 'confirm' ? (
          <p>{editing.text}</p>
        ) : (
          <Form form={form} layout="vertical" requiredMark={false} preserve={false}>
            {editing?.kind === 'create' && (
              <Form.Item
                name="username"
                label={t('staff.username')}
                rules={[{ required: true, message: t('staff.username_required') }]}
              >
                <Input autoComplete="off" />
              </Form.Item>
            )}
            {(editing?.kind === 'create' || editing?.kind === 'password') && (
              <Form.Item
                name="password"
                label={t('staff.password')}
                extra={t('staff.password_rule')}
                rules={[{ required: true, message: t('staff.password_required') }]}
              >
                <Input.Password autoComplete="new-password" />
              </Form.Item>
            )}
            {(editing?.kind === 'create' || editing?.kind === 'roles') && (
              <Form.Item
                name="roles"
                label={t('staff.roles')}
                rules={[{ required: true, message: t('staff.roles_required') }]}
              >
                <Checkbox.Group options={roleOptions} />
              </Form.Item>
            )}
          </Form>
        )}
        {error && <Alert type="error" showIcon title={error} role="alert" />}
      </Modal>
    </Flex>
  );
}
