/**
 * What the phone shows besides trading: the announcement and the complaint page's text in every
 * language, and the companies of the directory mode. The customer-service links and the
 * complaint address are platform settings (the Settings screen).
 */
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, App, Button, Card, Flex, Form, Input, Modal, Segmented, Skeleton, Tabs } from 'antd';
import { LANGUAGES, NATIVE_LANGUAGE_NAMES, type Language } from '@omp/protocol';
import { api } from '../lib/api-client.ts';
import { ConfigTable } from '../ui/config-table.tsx';
import { errorText } from '../ui/error-text.ts';

type TextKey = 'announcement' | 'complaint_text';

export default function ContentPage() {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={28}>
      <ServiceTexts />
      <ConfigTable
        path="/admin/api/companies"
        paged
        title={t('content.companies')}
        fields={[
          { name: 'name', label: t('content.company_name'), required: true },
          { name: 'subject', label: t('content.company_subject') },
          { name: 'url', label: t('content.company_url'), hint: 'https://', column: false },
          { name: 'logo', label: t('content.company_logo'), hint: 'https://', column: false },
          { name: 'registered_address', label: t('content.company_registered'), column: false },
          { name: 'location', label: t('content.company_location'), column: false },
          { name: 'email', label: t('content.company_email') },
          {
            name: 'status',
            label: t('table.status'),
            kind: 'select',
            options: [
              { value: 1, label: t('content.company_active') },
              { value: 2, label: t('content.company_suspended') },
            ],
          },
          {
            name: 'loss_url',
            label: t('content.company_loss_url'),
            hint: t('content.company_loss_hint'),
            column: false,
          },
          { name: 'sort', label: t('payments.sort'), kind: 'number' },
        ]}
      />
    </Flex>
  );
}

/** The announcement and the complaint text, one tab per language; English cannot be emptied. */
function ServiceTexts() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [key, setKey] = useState<TextKey>('announcement');
  const [form] = Form.useForm<Partial<Record<Language, string>>>();
  const [pending, setPending] = useState<Partial<Record<Language, string>>>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const query = useQuery({
    queryKey: ['settings'],
    queryFn: () =>
      api.get<{ texts: Record<string, Partial<Record<Language, string>>> }>('/admin/api/settings'),
  });
  const stored = query.data?.texts[key];
  useEffect(() => {
    form.setFieldsValue(Object.fromEntries(LANGUAGES.map((lang) => [lang, stored?.[lang] ?? ''])));
  }, [stored, form]);
  if (!query.data) return <Skeleton active />;

  const review = () => {
    const values = form.getFieldsValue(true) as Partial<Record<Language, string>>;
    const changed = Object.fromEntries(
      LANGUAGES.filter((lang) => (values[lang] ?? '').trim() !== (stored?.[lang] ?? '')).map((lang) => [
        lang,
        (values[lang] ?? '').trim(),
      ]),
    );
    if (Object.keys(changed).length === 0) return void message.info(t('settings.nothing_changed'));
    setError(undefined);
    setPending(changed);
  };
  const save = async () => {
    setBusy(true);
    try {
      const { msg } = await api.postForMessage('/admin/api/settings/texts', { key, texts: pending });
      message.success(msg);
      setPending(undefined);
      await queryClient.invalidateQueries({ queryKey: ['settings'] });
    } catch (failure) {
      setPending(undefined);
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      size="small"
      title={t('content.texts')}
      extra={
        <Segmented<TextKey>
          value={key}
          onChange={setKey}
          options={[
            { value: 'announcement', label: t('content.announcement') },
            { value: 'complaint_text', label: t('content.complaint_text') },
          ]}
        />
      }
    >
      {error && <Alert type="error" showIcon role="alert" style={{ marginBottom: 12 }} title={error} />}
      <Form form={form} layout="vertical">
        <Tabs
          items={LANGUAGES.map((lang) => ({
            key: lang,
            forceRender: true,
            label: `${NATIVE_LANGUAGE_NAMES[lang]}${stored?.[lang] ? ' ●' : ''}`,
            children: (
              <Form.Item
                name={lang}
                label={t(`content.${key}`)}
                extra={lang === 'en' ? t('content.english_shown') : t('content.empty_falls_back')}
              >
                <Input.TextArea rows={5} maxLength={5000} showCount dir={lang === 'ar' ? 'rtl' : 'ltr'} />
              </Form.Item>
            ),
          }))}
        />
      </Form>
      <Button type="primary" onClick={review}>
        {t('settings.review_changes')}
      </Button>
      <Modal
        open={pending !== undefined}
        title={t('content.confirm_title')}
        okText={t('settings.save')}
        cancelText={t('common.cancel')}
        okButtonProps={{ loading: busy }}
        onOk={() => void save()}
        onCancel={() => setPending(undefined)}
      >
        <ul className="change-list">
          {Object.entries(pending ?? {}).map(([lang, value]) => (
            <li key={lang}>
              <strong>{NATIVE_LANGUAGE_NAMES[lang as Language]}</strong>:{' '}
              {value ? value.slice(0, 80) : t('content.removed')}
            </li>
          ))}
        </ul>
      </Modal>
    </Card>
  );
}
