/**
 * A staff member changes their own password: the password now, the new one twice, and a code of
 * their authenticator (POST /admin/api/password). The server judges the password rules and says
 * why it refuses; its sentence is shown in the form. This session stays; the others end.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, App, Form, Input, Modal } from 'antd';
import { api } from '../lib/api-client.ts';
import { errorText } from '../ui/error-text.ts';

interface PasswordForm {
  old_password: string;
  new_password: string;
  confirmation: string;
  code: string;
}

export function PasswordChange({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordForm>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const close = () => {
    setError(undefined);
    form.resetFields();
    onClose();
  };

  const submit = async () => {
    // A form that fails its rules shows why under the fields; nothing is sent.
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setBusy(true);
    setError(undefined);
    try {
      const { msg } = await api.postForMessage('/admin/api/password', {
        old_password: values.old_password,
        new_password: values.new_password,
        code: values.code,
      });
      message.success(msg);
      close();
    } catch (failure) {
      setError(errorText(failure));
      // A code is good once: a refused attempt asks for the next one.
      form.setFieldValue('code', '');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('account.change_password')}
      onOk={() => void submit()}
      onCancel={close}
      okButtonProps={{ loading: busy }}
      okText={t('account.save_password')}
      cancelText={t('common.cancel')}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false} preserve={false} data-testid="password-form">
        <Form.Item
          name="old_password"
          label={t('account.current_password')}
          rules={[{ required: true, message: t('account.current_required') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="new_password"
          label={t('account.new_password')}
          extra={t('staff.password_rule')}
          rules={[{ required: true, message: t('staff.password_required') }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmation"
          label={t('account.confirm_password')}
          dependencies={['new_password']}
          rules={[
            { required: true, message: t('account.confirm_required') },
            ({ getFieldValue }) => ({
              validator: (_rule, value) =>
                !value || value === getFieldValue('new_password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('account.mismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="code"
          label={t('login.code')}
          rules={[{ required: true, len: 6, message: t('login.code_rule') }]}
        >
          <Input.OTP length={6} />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} role="alert" />}
    </Modal>
  );
}
