/**
 * Confirms a decision and, where the decision needs one, asks the reason (the user reads it for a
 * rejection). The server's answer is shown as it is, success or refusal; a refusal keeps the
 * dialog open so nothing typed is lost.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { errorText } from './error-text.ts';

export interface ReasonDialogProps {
  open: boolean;
  title: string;
  /** What will happen, in a sentence, so nobody clicks blind. */
  consequence: string;
  /** A reason is required (rejections); otherwise the dialog only confirms. */
  needsReason: boolean;
  reasonLabel?: string;
  /** What a missing reason says; by default that the user will read it. */
  reasonRequired?: string;
  okText: string;
  danger?: boolean;
  onConfirm: (reason: string) => Promise<void>;
  onClose: () => void;
}

export function ReasonDialog(props: ReasonDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    let reason = '';
    if (props.needsReason) {
      // A missing reason is shown under the field; nothing is sent.
      const values = await form.validateFields().catch(() => undefined);
      if (!values) return;
      reason = values.reason;
    }
    setBusy(true);
    setError(undefined);
    try {
      await props.onConfirm(reason.trim());
      form.resetFields();
      props.onClose();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={props.okText}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: props.danger ?? false, loading: busy }}
      onOk={() => void confirm()}
      onCancel={props.onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>{props.consequence}</Typography.Paragraph>
      {props.needsReason && (
        <Form form={form} layout="vertical" requiredMark={false}>
          <Form.Item
            name="reason"
            label={props.reasonLabel ?? t('decision.reason')}
            rules={[
              { required: true, whitespace: true, message: t('decision.reason_required') },
              { max: 500 },
            ]}
          >
            <Input.TextArea rows={3} autoFocus maxLength={500} showCount />
          </Form.Item>
        </Form>
      )}
      {error && <Alert type="error" showIcon title={error} role="alert" />}
    </Modal>
  );
}
