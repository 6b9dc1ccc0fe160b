/**
 * One article in every language: publication time, picture, and per language a title, a summary
 * and the text in a rich editor, next to a preview at the phone's width as the news page shows it.
 * English is required; emptying a language's title removes that language. Saving is confirmed
 * and sends only the languages that changed; the server sanitises the HTML and audits the change.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  Alert,
  App,
  Button,
  DatePicker,
  Drawer,
  Flex,
  Form,
  Input,
  Modal,
  Skeleton,
  Tabs,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { LANGUAGES, NATIVE_LANGUAGE_NAMES, type Language } from '@omp/protocol';
import { api } from '../lib/api-client.ts';
import { checkedValues, useConfirmedSave } from '../ui/confirmed-save.ts';
import { RichText } from '../ui/rich-text.tsx';

interface ArticleText {
  title: string;
  desc: string;
  content: string;
}

interface StoredArticle {
  id: number;
  category_id: number;
  logo: string;
  created_at_ms: number;
  texts: Partial<Record<Language, ArticleText>>;
}

interface EditorValues {
  logo: string;
  published: Dayjs;
  texts: Record<Language, ArticleText>;
}

const empty: ArticleText = { title: '', desc: '', content: '' };

export function NewsEditor(props: { id: number | 'new'; onSaved: () => Promise<void>; onClose: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<EditorValues>();
  const [lang, setLang] = useState<Language>('en');
  const {
    pending: confirming,
    confirm,
    cancel,
    save,
    busy,
    error,
  } = useConfirmedSave<{ path: string; body: Record<string, unknown>; languages: string[] }>(props);
  const isNew = props.id === 'new';
  const stored = useQuery({
    queryKey: ['news', props.id],
    queryFn: () => api.get<StoredArticle>(`/admin/api/news/${props.id}`),
    enabled: !isNew,
  });
  const texts = Form.useWatch('texts', form) as Record<Language, ArticleText> | undefined;
  const shown = texts?.[lang] ?? empty;

  const initial = (article?: StoredArticle): EditorValues => ({
    logo: article?.logo ?? '',
    published: dayjs(article?.created_at_ms ?? Date.now()),
    texts: Object.fromEntries(
      LANGUAGES.map((code) => [code, { ...empty, ...article?.texts[code] }]),
    ) as Record<Language, ArticleText>,
  });

  const review = async () => {
    const values = await checkedValues(form);
    if (!values) return;
    const before = stored.data;
    const changed: Partial<Record<Language, ArticleText | null>> = {};
    for (const code of LANGUAGES) {
      const now = values.texts[code];
      const was = before?.texts[code];
      const filled = now.title.trim() !== '';
      if (!filled) {
        if (was) changed[code] = null;
        continue;
      }
      const text = { title: now.title.trim(), desc: now.desc.trim(), content: now.content };
      if (
        !was ||
        JSON.stringify(text) !== JSON.stringify({ title: was.title, desc: was.desc, content: was.content })
      )
        changed[code] = text;
    }
    const body: Record<string, unknown> = {};
    if (Object.keys(changed).length > 0) body.texts = changed;
    if (values.logo.trim() !== (before?.logo ?? '')) body.logo = values.logo.trim();
    const publishedMs = values.published.valueOf();
    if (isNew || Math.abs(publishedMs - (before?.created_at_ms ?? 0)) >= 60_000)
      body.created_at_ms = publishedMs;
    if (!isNew && Object.keys(body).length === 0) return void message.info(t('settings.nothing_changed'));
    confirm({
      path: isNew ? '/admin/api/news' : `/admin/api/news/${props.id}`,
      body,
      languages: Object.keys(changed),
    });
  };

  const remove = () =>
    modal.confirm({
      title: t('news.delete_title'),
      content: t('news.delete_consequence'),
      okText: t('news.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        const { msg } = await api.postForMessage(`/admin/api/news/${props.id}/delete`, {});
        message.success(msg);
        await props.onSaved();
        props.onClose();
      },
    });

  return (
    <Drawer
      open
      size={1180}
      title={isNew ? t('news.new') : t('news.edit', { id: props.id })}
      onClose={props.onClose}
      extra={
        <Flex gap={8}>
          {!isNew && (
            <Button danger onClick={remove}>
              {t('news.delete')}
            </Button>
          )}
          <Button type="primary" onClick={() => void review()}>
            {t('settings.save')}
          </Button>
        </Flex>
      }
    >
      {!isNew && !stored.data ? (
        <Skeleton active />
      ) : (
        <Form form={form} layout="vertical" requiredMark={false} initialValues={initial(stored.data)}>
          {error && <Alert type="error" showIcon role="alert" style={{ marginBottom: 12 }} title={error} />}
          <Flex gap={12}>
            <Form.Item name="published" label={t('news.published')} rules={[{ required: true }]}>
              <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" allowClear={false} />
            </Form.Item>
            <Form.Item
              name="logo"
              label={t('news.picture')}
              extra={t('news.picture_hint')}
              style={{ flex: 1 }}
            >
              <Input autoComplete="off" placeholder="https://" />
            </Form.Item>
          </Flex>
          <Tabs
            activeKey={lang}
            onChange={(key) => setLang(key as Language)}
            items={LANGUAGES.map((code) => ({
              key: code,
              forceRender: true,
              label: (
                <span data-testid={`news-tab-${code}`}>
                  {NATIVE_LANGUAGE_NAMES[code]}
                  {texts?.[code]?.title ? ' ●' : ''}
                </span>
              ),
              children: (
                <Flex gap={20} align="flex-start">
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <Form.Item
                      name={['texts', code, 'title']}
                      label={t('news.title')}
                      rules={
                        code === 'en'
                          ? [
                              { required: true, whitespace: true, message: t('news.english_required') },
                              { max: 200 },
                            ]
                          : [{ max: 200 }]
                      }
                      extra={code === 'en' ? undefined : t('news.empty_removes')}
                    >
                      <Input dir={code === 'ar' ? 'rtl' : 'ltr'} />
                    </Form.Item>
                    <Form.Item
                      name={['texts', code, 'desc']}
                      label={t('news.summary')}
                      rules={[{ max: 1000 }]}
                    >
                      <Input.TextArea rows={2} dir={code === 'ar' ? 'rtl' : 'ltr'} />
                    </Form.Item>
                    <Form.Item name={['texts', code, 'content']} label={t('news.text')}>
                      <RichText label={t('news.text')} dir={code === 'ar' ? 'rtl' : 'ltr'} />
                    </Form.Item>
                  </div>
                  {code === lang && <Preview text={shown} lang={code} />}
                </Flex>
              ),
            }))}
          />
        </Form>
      )}
      {confirming && (
        <Modal
          open
          title={t('news.confirm_title')}
          okText={isNew ? t('news.publish') : t('settings.save')}
          cancelText={t('common.cancel')}
          okButtonProps={{ loading: busy }}
          onOk={() => void save()}
          onCancel={cancel}
        >
          <Typography.Paragraph>{t('news.confirm_consequence')}</Typography.Paragraph>
          <ul className="change-list" data-testid="news-changes">
            {confirming.languages.map((code) => (
              <li key={code}>
                {NATIVE_LANGUAGE_NAMES[code as Language]}:{' '}
                {(confirming.body.texts as Record<string, unknown>)[code] === null
                  ? t('news.language_removed')
                  : t('news.language_written')}
              </li>
            ))}
          </ul>
        </Modal>
      )}
    </Drawer>
  );
}

/**
 * The article as the phone's news page lays it out, at the phone's width. The editor only makes
 * the elements the server keeps, so what shows here is what the reader gets.
 */
function Preview({ text, lang }: { text: ArticleText; lang: Language }) {
  const { t } = useTranslation();
  return (
    <aside className="news-preview" aria-label={t('news.preview')} data-testid="news-preview">
      <Typography.Text type="secondary">{t('news.preview')}</Typography.Text>
      <article className="news-preview__phone" dir={lang === 'ar' ? 'rtl' : 'ltr'} lang={lang}>
        <h1>{text.title || t('news.untitled')}</h1>
        {text.desc && <p className="news-preview__desc">{text.desc}</p>}
        <div className="news-preview__content" dangerouslySetInnerHTML={{ __html: text.content }} />
      </article>
    </aside>
  );
}
