/**
 * The retail risk warning in the settings: the figure the server computed (share of real accounts
 * that lost money over twelve months, and how many accounts it counts), and the text per language
 * with `{percent}` standing for the figure, previewed as the phone will show it. Saving is
 * confirmed, audited, and shows on every phone at once; an empty text goes back to the default.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { App, Button, Card, Descriptions, Flex, Input, Select, Skeleton, Typography } from 'antd';
import {
  LANGUAGES,
  NATIVE_LANGUAGE_NAMES,
  RISK_WARNING_PERCENT_PLACEHOLDER,
  RISK_WARNING_TEXT_MAX,
  type Language,
  type StaffRiskWarning,
} from '@omp/protocol';
import { api } from '../lib/api-client.ts';
import { previewOf } from '../lib/risk-preview.ts';
import { localTimeOfMs } from '../lib/time.ts';
import { ReasonDialog } from '../ui/reason-dialog.tsx';

/** The figure a preview shows while the server has none: a typical one for retail CFD accounts. */
const SAMPLE_PERCENT = '74.2';

export function RiskWarningCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [lang, setLang] = useState<Language>('en');
  const [drafts, setDrafts] = useState<Partial<Record<Language, string>>>({});
  const [confirming, setConfirming] = useState(false);
  const [recomputing, setRecomputing] = useState(false);
  const query = useQuery({
    queryKey: ['risk-warning'],
    queryFn: () => api.get<StaffRiskWarning>('/admin/api/risk_warning'),
  });
  const data = query.data;
  if (!data) return <Skeleton active />;

  const stored = data.texts[lang] ?? '';
  const draft = drafts[lang] ?? stored;
  const template = draft.trim() === '' ? (data.defaults[lang] ?? '') : draft;
  const preview = previewOf(template, data.figure.percent, data.fallbacks[lang] ?? '');
  const changed = Object.entries(drafts).filter(
    ([code, text]) => text.trim() !== (data.texts[code as Language] ?? ''),
  );
  const { figure } = data;

  const recompute = async () => {
    setRecomputing(true);
    try {
      queryClient.setQueryData(
        ['risk-warning'],
        await api.post<StaffRiskWarning>('/admin/api/risk_warning/refresh'),
      );
    } finally {
      setRecomputing(false);
    }
  };

  return (
    <Card
      size="small"
      title={t('riskWarning.title')}
      extra={t('settings.applies_live')}
      style={{ marginTop: 16 }}
      data-testid="risk-warning-card"
    >
      <Descriptions size="small" column={4} bordered style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('riskWarning.figure')}>
          <span className="num" data-testid="risk-figure">
            {figure.percent === null ? t('riskWarning.no_figure') : `${figure.percent}%`}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('riskWarning.accounts')}>
          <span className="num" data-testid="risk-accounts">
            {t('riskWarning.accounts_value', { losing: figure.losing_accounts, accounts: figure.accounts })}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('riskWarning.window')}>
          {t('riskWarning.window_value', { months: figure.window_months, min: figure.min_accounts })}
        </Descriptions.Item>
        <Descriptions.Item label={t('riskWarning.computed_at')}>
          <Flex gap={8} align="center">
            <span className="num">
              {figure.computed_at === null ? '—' : localTimeOfMs(figure.computed_at * 1000)}
            </span>
            <Button size="small" loading={recomputing} onClick={() => void recompute()}>
              {t('riskWarning.recompute')}
            </Button>
          </Flex>
        </Descriptions.Item>
      </Descriptions>
      <Flex gap={16} align="flex-start">
        <div style={{ flex: 1, minWidth: 0 }}>
          <Flex gap={8} align="center" style={{ marginBottom: 8 }}>
            <Select<Language>
              value={lang}
              onChange={setLang}
              style={{ width: 200 }}
              data-testid="risk-language"
              options={LANGUAGES.map((code) => ({
                value: code,
                label: `${NATIVE_LANGUAGE_NAMES[code]}${data.texts[code] ? ' ●' : ''}`,
              }))}
            />
            <Typography.Text type="secondary">{t('riskWarning.placeholder_hint')}</Typography.Text>
          </Flex>
          <Input.TextArea
            rows={4}
            maxLength={RISK_WARNING_TEXT_MAX}
            showCount
            dir={lang === 'ar' ? 'rtl' : 'ltr'}
            value={draft}
            placeholder={data.defaults[lang]}
            onChange={(event) => setDrafts({ ...drafts, [lang]: event.target.value })}
            data-testid="risk-text"
          />
          <Typography.Text type="secondary">{t('riskWarning.empty_default')}</Typography.Text>
        </div>
        <aside className="risk-preview" aria-label={t('riskWarning.preview')}>
          <Typography.Text type="secondary">{t('riskWarning.preview')}</Typography.Text>
          <p
            className="risk-preview__phone"
            dir={lang === 'ar' ? 'rtl' : 'ltr'}
            lang={lang}
            data-testid="risk-preview"
          >
            {preview}
          </p>
          {/* Without a figure the phone shows the text without one: staff still see theirs filled in. */}
          {figure.percent === null && template.includes(RISK_WARNING_PERCENT_PLACEHOLDER) && (
            <>
              <Typography.Text type="secondary">
                {t('riskWarning.preview_with_figure', { percent: SAMPLE_PERCENT })}
              </Typography.Text>
              <p
                className="risk-preview__phone"
                dir={lang === 'ar' ? 'rtl' : 'ltr'}
                lang={lang}
                data-testid="risk-preview-sample"
              >
                {previewOf(template, SAMPLE_PERCENT, '')}
              </p>
            </>
          )}
        </aside>
      </Flex>
      <Button
        type="primary"
        style={{ marginTop: 12 }}
        disabled={changed.length === 0}
        onClick={() => setConfirming(true)}
        data-testid="risk-review"
      >
        {t('settings.review_warning')}
      </Button>
      {confirming && (
        <ReasonDialog
          open
          needsReason={false}
          title={t('riskWarning.confirm_title')}
          consequence={t('riskWarning.confirm_consequence', {
            languages: changed.map(([code]) => NATIVE_LANGUAGE_NAMES[code as Language]).join(', '),
          })}
          okText={t('settings.save')}
          onConfirm={async () => {
            const texts = Object.fromEntries(changed.map(([code, text]) => [code, text.trim()]));
            const { data: saved, msg } = await api.postForMessage<StaffRiskWarning>(
              '/admin/api/risk_warning',
              {
                texts,
              },
            );
            queryClient.setQueryData(['risk-warning'], saved);
            setDrafts({});
            message.success(msg);
          }}
          onClose={() => setConfirming(false)}
        />
      )}
    </Card>
  );
}
