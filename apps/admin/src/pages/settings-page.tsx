/**
 * The platform settings, trading ones first. A change is confirmed, saved for every node at once
 * and applies to the next order and tick (new margin levels to every open account at once: the
 * confirmation says how many they would reach); the server refuses a bad value with the reason,
 * and only the fields changed are sent.
 */
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Skeleton,
  Switch,
} from 'antd';
import { api } from '../lib/api-client.ts';
import { errorText } from '../ui/error-text.ts';
import { LevelImpactNote } from './level-impact-note.tsx';
import { LeverageCapsCard } from './leverage-caps-card.tsx';
import { RiskWarningCard } from './risk-warning-card.tsx';

type Settings = Record<string, string>;

const TRADING = [
  'trade_fee_type',
  'demo_balance',
  'stale_quote_s',
  'margin_call_level',
  'stop_out_level',
] as const;

export default function SettingsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Settings>();
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState<Settings>();
  const [busy, setBusy] = useState(false);
  const query = useQuery({
    queryKey: ['settings'],
    queryFn: () => api.get<{ settings: Settings }>('/admin/api/settings'),
  });
  const current = query.data?.settings;
  useEffect(() => {
    if (current) form.setFieldsValue(current);
  }, [current, form]);
  if (!current) return <Skeleton active />;

  const review = (values: Settings) => {
    const changed = Object.fromEntries(
      Object.entries(values).filter(([key, value]) => value !== undefined && String(value) !== current[key]),
    );
    if (Object.keys(changed).length === 0) return void message.info(t('settings.nothing_changed'));
    setError(undefined);
    setPending(changed);
  };

  const save = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      const { msg } = await api.postForMessage('/admin/api/settings', pending);
      message.success(msg);
      setPending(undefined);
      await queryClient.invalidateQueries({ queryKey: ['settings'] });
    } catch (failure) {
      setError(errorText(failure));
      setPending(undefined);
    } finally {
      setBusy(false);
    }
  };

  const flag = (key: string) => (
    <Form.Item
      key={key}
      name={key}
      label={t(`settings.${key}`)}
      getValueProps={(v: string) => ({ checked: v === '1' })}
      normalize={(checked: boolean) => (checked ? '1' : '0')}
    >
      <Switch />
    </Form.Item>
  );
  const text = (key: string) => (
    <Form.Item key={key} name={key} label={t(`settings.${key}`)}>
      <Input />
    </Form.Item>
  );

  return (
    <Form form={form} layout="vertical" onFinish={review} className="settings-form">
      {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />}
      <Row gutter={16}>
        <Col span={12}>
          <Card size="small" title={t('settings.trading')} extra={t('settings.applies_live')}>
            <Form.Item name="trade_fee_type" label={t('settings.trade_fee_type')}>
              <Select
                options={[
                  { value: '1', label: t('settings.fee_per_lot') },
                  { value: '2', label: t('settings.fee_of_margin') },
                ]}
              />
            </Form.Item>
            <Form.Item name="demo_balance" label={t('settings.demo_balance')}>
              <Input suffix="USD" inputMode="decimal" />
            </Form.Item>
            {(['stale_quote_s', 'margin_call_level', 'stop_out_level'] as const).map((key) => (
              <Form.Item
                key={key}
                name={key}
                label={t(`settings.${key}`)}
                normalize={(v: number | null) => (v === null ? undefined : String(v))}
              >
                <InputNumber<number>
                  min={1}
                  style={{ width: '100%' }}
                  suffix={key === 'stale_quote_s' ? 's' : '%'}
                />
              </Form.Item>
            ))}
          </Card>
        </Col>
        <Col span={12}>
          <Card size="small" title={t('settings.screens')}>
            <Form.Item name="main_mode" label={t('settings.main_mode')}>
              <Select
                options={[
                  { value: 'trade', label: t('settings.mode_trade') },
                  { value: 'company', label: t('settings.mode_company') },
                ]}
              />
            </Form.Item>
            <Form.Item name="verify_reg_type" label={t('settings.verify_reg_type')}>
              <Select
                options={['email', 'mobile', 'both'].map((value) => ({
                  value,
                  label: t(`settings.reg_${value}`),
                }))}
              />
            </Form.Item>
            <Form.Item name="service_link_type" label={t('settings.service_link_type')}>
              <Select
                options={['frame', 'link'].map((value) => ({ value, label: t(`settings.link_${value}`) }))}
              />
            </Form.Item>
            {['is_show_mobile', 'withdraw_requires_identity'].map(flag)}
            <Form.Item
              name="payout_cooling_hours"
              label={t('settings.payout_cooling_hours')}
              extra={t('settings.payout_cooling_hint')}
              normalize={(v: number | null) => (v === null ? undefined : String(v))}
            >
              <InputNumber<number> min={0} max={720} style={{ width: '100%' }} suffix="h" />
            </Form.Item>
            {[
              'complaint_email',
              'complaint_email_host',
              'whatsapp_link',
              'telegram_link',
              'service_link',
            ].map(text)}
          </Card>
        </Col>
      </Row>
      <Button type="primary" htmlType="submit" size="large" style={{ marginTop: 16 }}>
        {t('settings.review_changes')}
      </Button>
      <Modal
        open={pending !== undefined}
        title={t('settings.confirm_title')}
        okText={t('settings.save')}
        cancelText={t('common.cancel')}
        okButtonProps={{ loading: busy }}
        onOk={() => void save()}
        onCancel={() => setPending(undefined)}
      >
        <ul className="change-list">
          {Object.entries(pending ?? {}).map(([key, value]) => (
            <li key={key}>
              <strong>{t(`settings.${key}`)}</strong>: <del>{current[key] || '—'}</del> →{' '}
              <ins>{value || '—'}</ins>
            </li>
          ))}
        </ul>
        {pending && ('margin_call_level' in pending || 'stop_out_level' in pending) && (
          <LevelImpactNote
            marginCallLevel={pending.margin_call_level ?? current.margin_call_level ?? ''}
            stopOutLevel={pending.stop_out_level ?? current.stop_out_level ?? ''}
          />
        )}
        {pending && TRADING.some((key) => key in pending) && (
          <Alert type="warning" showIcon title={t('settings.trading_warning')} />
        )}
      </Modal>
      {/* Their own saves, each confirmed; inside this form only for the page's single layout. */}
      <LeverageCapsCard />
      <RiskWarningCard />
    </Form>
  );
}
