/**
 * An instrument's terms in one form: name and names by language, category, spread, contract size,
 * margin mode, lots, leverage options, fee and trading hours. Saving sends only what changed,
 * after a confirmation that lists each change before and after; the server checks the terms
 * together (engine SPEC.md I1–I6) and a refusal keeps the drawer open with what was typed.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  Alert,
  App,
  Button,
  Collapse,
  Drawer,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Typography,
} from 'antd';
import { LANGUAGES, NATIVE_LANGUAGE_NAMES, type Category, type WireStaffInstrument } from '@omp/protocol';
import { api } from '../lib/api-client.ts';
import { auditDiff, type FieldChange } from '../lib/diff.ts';
import { changedBody, FEE, LOTS, valuesOf, type EditorValues } from '../lib/instrument-change.ts';
import { minutesOfTime } from '../lib/schedule.ts';
import { checkedValues, useConfirmedSave } from '../ui/confirmed-save.ts';

export function InstrumentEditor(props: {
  instrument: WireStaffInstrument;
  onSaved: () => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<EditorValues>();
  const { pending, confirm, cancel, save, busy, error } = useConfirmedSave<{
    path: string;
    body: Record<string, unknown>;
    changes: FieldChange[];
  }>(props);
  const { instrument } = props;
  const categories = useQuery({
    queryKey: ['categories'],
    queryFn: () => api.get<Category[]>('/v1/api/forex/getCategories'),
    staleTime: 5 * 60_000,
  });
  const days = t('instruments.weekdays').split(',');

  const review = async () => {
    // Every value, also of fields not on screen (the names panel while it is folded).
    const values = await checkedValues(form);
    if (!values) return;
    const body = changedBody(instrument, values);
    if (Object.keys(body).length === 0) {
      message.info(t('instruments.nothing_changed'));
      return;
    }
    const before = Object.fromEntries(
      Object.keys(body).map((key) => [
        key,
        key === 'names' ? instrument.names : instrument[key as keyof WireStaffInstrument],
      ]),
    );
    const after = {
      ...body,
      ...(body.names ? { names: { ...instrument.names, ...(body.names as object) } } : {}),
    };
    confirm({ path: `/admin/api/instruments/${instrument.id}`, body, changes: auditDiff(before, after) });
  };

  const lotsRule = { pattern: LOTS, message: t('instruments.lots_format') };
  return (
    <Drawer
      open
      size={640}
      title={t('instruments.edit_of', { code: instrument.code })}
      onClose={props.onClose}
      extra={
        <Button type="primary" onClick={() => void review()}>
          {t('settings.save')}
        </Button>
      }
    >
      {instrument.open_orders > 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('instruments.open_orders_note', { count: instrument.open_orders })}
        />
      )}
      {error && <Alert type="error" showIcon role="alert" style={{ marginBottom: 12 }} title={error} />}
      <Form form={form} layout="vertical" requiredMark={false} initialValues={valuesOf(instrument)}>
        <Flex gap={12}>
          <Form.Item
            name="show_code"
            label={t('instruments.show_code')}
            rules={[{ required: true, max: 24 }]}
          >
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="logo"
            label={t('instruments.logo')}
            extra={t('instruments.logo_hint')}
            rules={[
              {
                required: true,
                pattern: /^(\/(?!\/)\S*|https:\/\/\S+)$/,
                message: t('instruments.logo_format'),
              },
            ]}
            style={{ flex: 1 }}
          >
            <Input autoComplete="off" />
          </Form.Item>
        </Flex>
        <Flex gap={12}>
          <Form.Item name="category_id" label={t('instruments.category')} style={{ flex: 1 }}>
            <Select
              loading={categories.isLoading}
              options={(categories.data ?? []).map((c) => ({ value: c.Id, label: c.NameShowTrans }))}
            />
          </Form.Item>
        </Flex>
        <Flex gap={12} wrap>
          <Form.Item
            name="spread_points"
            label={t('instruments.spread')}
            extra={t('instruments.spread_consequence')}
          >
            <InputNumber<number> min={0} max={100_000} precision={0} addonAfter={t('instruments.points')} />
          </Form.Item>
          <Form.Item
            name="price_precision"
            label={t('instruments.precision')}
            extra={
              instrument.enabled || instrument.open_orders > 0
                ? t('instruments.precision_locked')
                : t('instruments.precision_hint')
            }
          >
            <InputNumber<number>
              min={0}
              max={10}
              precision={0}
              disabled={instrument.enabled || instrument.open_orders > 0}
            />
          </Form.Item>
          <Form.Item name="contract_size" label={t('instruments.contract_size')}>
            <InputNumber<number> min={1} max={100_000_000} precision={0} />
          </Form.Item>
          <Form.Item name="margin_mode" label={t('instruments.margin_mode')}>
            <Select
              style={{ width: 180 }}
              options={[
                { value: 2, label: t('instruments.margin_leveraged') },
                { value: 1, label: t('instruments.margin_fixed') },
              ]}
            />
          </Form.Item>
        </Flex>
        <Flex gap={12}>
          <Form.Item
            name="min_lots"
            label={t('instruments.min_lots')}
            rules={[{ required: true, ...lotsRule }]}
          >
            <Input className="num" />
          </Form.Item>
          <Form.Item
            name="max_lots"
            label={t('instruments.max_lots')}
            rules={[{ required: true, ...lotsRule }]}
          >
            <Input className="num" />
          </Form.Item>
          <Form.Item
            name="lot_step"
            label={t('instruments.lot_step')}
            rules={[{ required: true, ...lotsRule }]}
          >
            <Input className="num" />
          </Form.Item>
        </Flex>
        <Form.Item
          name="leverage_options"
          label={t('instruments.leverage')}
          extra={t('instruments.leverage_hint')}
          rules={[
            {
              validator: (_, value: string[] = []) =>
                value.length > 0 &&
                value.every((v) => /^\d{1,4}$/.test(v) && Number(v) >= 1 && Number(v) <= 1000)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('instruments.leverage_format'))),
            },
          ]}
        >
          <Select
            mode="tags"
            tokenSeparators={[',', ' ']}
            open={false}
            aria-label={t('instruments.leverage')}
          />
        </Form.Item>
        <Form.Item
          name="fee_rate"
          label={t('instruments.fee_rate')}
          rules={[{ required: true, pattern: FEE, message: t('instruments.fee_format') }]}
        >
          <Input className="num" style={{ width: 200 }} />
        </Form.Item>
        <Typography.Title level={5}>{t('instruments.hours')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('instruments.hours_hint')}</Typography.Paragraph>
        <Form.List name="sessions">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <Space key={field.key} align="baseline" wrap>
                  <Form.Item name={[field.name, 'fromDay']} label={t('instruments.opens')}>
                    <Select style={{ width: 120 }} options={days.map((label, value) => ({ value, label }))} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'fromTime']}
                    label=" "
                    rules={[timeRule(t('instruments.time_format'))]}
                  >
                    <Input className="num" style={{ width: 80 }} placeholder="22:00" />
                  </Form.Item>
                  <Form.Item name={[field.name, 'toDay']} label={t('instruments.closes')}>
                    <Select style={{ width: 120 }} options={days.map((label, value) => ({ value, label }))} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'toTime']}
                    label=" "
                    rules={[timeRule(t('instruments.time_format'))]}
                  >
                    <Input className="num" style={{ width: 80 }} placeholder="22:00" />
                  </Form.Item>
                  <Button onClick={() => remove(field.name)} aria-label={t('instruments.remove_session')}>
                    {t('instruments.remove_session')}
                  </Button>
                </Space>
              ))}
              <Button
                onClick={() => add({ fromDay: 1, fromTime: '00:00', toDay: 1, toTime: '23:59' })}
                style={{ marginBottom: 16 }}
              >
                {t('instruments.add_session')}
              </Button>
            </>
          )}
        </Form.List>
        <Collapse
          items={[
            {
              key: 'names',
              label: t('instruments.names'),
              forceRender: true,
              children: LANGUAGES.map((lang) => (
                <Form.Item
                  key={lang}
                  name={['names', lang]}
                  label={NATIVE_LANGUAGE_NAMES[lang]}
                  rules={[{ max: 80 }]}
                  style={{ marginBottom: 8 }}
                >
                  <Input autoComplete="off" dir={lang === 'ar' ? 'rtl' : 'ltr'} />
                </Form.Item>
              )),
            },
          ]}
        />
      </Form>
      {pending && (
        <Modal
          open
          title={t('instruments.confirm_title', { code: instrument.code })}
          okText={t('instruments.apply')}
          cancelText={t('common.cancel')}
          okButtonProps={{ loading: busy }}
          onOk={() => void save()}
          onCancel={cancel}
        >
          <Typography.Paragraph>{t('instruments.confirm_consequence')}</Typography.Paragraph>
          <ul className="change-list" data-testid="instrument-changes">
            {pending.changes.map((change) => (
              <li key={change.field}>
                <strong>{change.field}</strong>: <span className="num">{change.before || '—'}</span> →{' '}
                <span className="num">{change.after || '—'}</span>
              </li>
            ))}
          </ul>
        </Modal>
      )}
    </Drawer>
  );
}

const timeRule = (text: string) => ({
  validator: (_: unknown, value: string | undefined) =>
    value !== undefined && minutesOfTime(value) !== undefined
      ? Promise.resolve()
      : Promise.reject(new Error(text)),
});
