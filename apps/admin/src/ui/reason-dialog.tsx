/**
 * Confirms a decision and, where the decision needs one, asks the reason (the user reads it for a
 * rejection). The server's answer is shown as it is, success or refusal; a refusal keeps the
 * dialog open so nothing typed is lost.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Form, Input, Modal, Select, Typography, type FormRule } from 'antd';
import { errorText } from './error-text.ts';

/** A field a decision may carry besides its reason, e.g. the amount that arrived. */
export interface ExtraField {
  name: string;
  label: string;
  initial?: string;
  /** A pattern the value must match, with the message saying what it must be. */
  pattern?: { regex: RegExp; message: string };
  /** Required: an empty value is refused with the pattern's message. */
  required?: boolean;
  /** Required only while the other fields' values say so (a note once the amount differs). */
  requiredWhen?: { test: (values: Record<string, string | undefined>) => boolean; message: string };
  hint?: string;
  suffix?: string;
  /** A choice instead of a typed value. */
  options?: Array<{ value: string; label: string }>;
  /** What follows from the value as it is typed, shown under it (e.g. the USD an amount credits). */
  follows?: (value: string) => string;
}

/** The line under a field that follows its value as it is typed. */
function Follows({ name, render }: { name: string; render: (value: string) => string }) {
  const value = Form.useWatch<string | undefined>(name);
  return (
    <Typography.Text strong className="num" data-testid={`follows-${name}`}>
      {render(value ?? '')}
    </Typography.Text>
  );
}

/** A field's checks: its pattern, and a value needed while the other fields say so. */
function rulesOf(field: ExtraField): FormRule[] {
  const rules: FormRule[] = [];
  if (field.pattern)
    rules.push({
      required: field.required ?? false,
      pattern: field.pattern.regex,
      message: field.pattern.message,
    });
  const when = field.requiredWhen;
  if (when)
    rules.push(({ getFieldsValue }) => ({
      validator: (_, value: string | undefined) =>
        !value?.trim() && when.test(getFieldsValue() as Record<string, string | undefined>)
          ? Promise.reject(new Error(when.message))
          : Promise.resolve(),
    }));
  return rules;
}

export interface ReasonDialogProps {
  /** Fields shown above the reason; empty optional ones are not sent. */
  extraFields?: ExtraField[];
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
  onConfirm: (reason: string, extras: Record<string, string>) => Promise<void>;
  onClose: () => void;
}

export function ReasonDialog(props: ReasonDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Record<string, string>>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const hasForm = props.needsReason || (props.extraFields?.length ?? 0) > 0;
  const confirm = async () => {
    let reason = '';
    const extras: Record<string, string> = {};
    if (hasForm) {
      // A missing or malformed value is shown under its field; nothing is sent.
      const values = await form.validateFields().catch(() => undefined);
      if (!values) return;
      reason = values.reason ?? '';
      for (const field of props.extraFields ?? []) {
        const value = values[field.name]?.trim();
        if (value) extras[field.name] = value;
      }
    }
    setBusy(true);
    setError(undefined);
    try {
      await props.onConfirm(reason.trim(), extras);
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
      {hasForm && (
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={Object.fromEntries((props.extraFields ?? []).map((f) => [f.name, f.initial ?? '']))}
        >
          {(props.extraFields ?? []).map((field) => (
            <Form.Item
              key={field.name}
              name={field.name}
              label={field.label}
              {...(field.hint || field.follows
                ? {
                    extra: (
                      <>
                        {field.follows && <Follows name={field.name} render={field.follows} />}
                        {field.follows && field.hint ? <br /> : null}
                        {field.hint}
                      </>
                    ),
                  }
                : {})}
              rules={rulesOf(field)}
              {...(field.requiredWhen
                ? { dependencies: (props.extraFields ?? []).map((other) => other.name) }
                : {})}
            >
              {field.options ? (
                <Select options={field.options} aria-label={field.label} />
              ) : (
                <Input autoComplete="off" {...(field.suffix ? { suffix: field.suffix } : {})} />
              )}
            </Form.Item>
          ))}
          {props.needsReason && (
            <Form.Item
              name="reason"
              label={props.reasonLabel ?? t('decision.reason')}
              rules={[
                {
                  required: true,
                  whitespace: true,
                  message: props.reasonRequired ?? t('decision.reason_required'),
                },
                { max: 500 },
              ]}
            >
              <Input.TextArea rows={3} autoFocus maxLength={500} showCount />
            </Form.Item>
          )}
        </Form>
      )}
      {error && <Alert type="error" showIcon title={error} role="alert" />}
    </Modal>
  );
}
