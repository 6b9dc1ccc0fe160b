/**
 * `/mine/announcement` and `/mine/email`: the broker's announcement (by default, the countries the
 * service is not offered in) and where complaints go, both in the user's language from settings.
 */
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { MailOutline, SoundOutline } from 'antd-mobile-icons';
import { PageHeader } from '../../ui/page-header.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PageLoading } from '../../ui/page-loading.tsx';
import { api } from '../../lib/api.ts';
import { useSettings } from '../settings/settings-store.ts';
import { useBasicInfo } from '../settings/basic-info.ts';
import { CopyButton } from '../money/copy-button.tsx';

export function AnnouncementPage() {
  const { t } = useTranslation();
  const info = useBasicInfo();
  const text = info.data?.announcement ?? '';
  return (
    <div className="page" data-testid="announcement-page">
      <PageHeader title={t('pages.announcement')} back />
      {info.isPending ? (
        <PageLoading />
      ) : text ? (
        <section className="notice-card">
          <SoundOutline className="notice-card__icon" aria-hidden />
          <p className="notice-card__text" data-testid="announcement-text">
            {text}
          </p>
        </section>
      ) : (
        <EmptyState title={t('service.noAnnouncement')} testId="announcement-empty" />
      )}
    </div>
  );
}

interface ComplaintEmail {
  email: string;
  text: string;
}

/** Our server answers by default; a broker may point the page at another host by setting. */
function useComplaintEmail() {
  const lang = useSettings((s) => s.lang);
  const host = useBasicInfo().data?.complaint_email_host ?? '';
  return useQuery({
    queryKey: ['complaint_email', lang, host],
    queryFn: ({ signal }) =>
      api.get<ComplaintEmail>(`${host.replace(/\/+$/, '')}/api/notify/complaint_email`, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function ComplaintEmailPage() {
  const { t } = useTranslation();
  const complaint = useComplaintEmail();
  let body;
  if (complaint.isPending) body = <PageLoading />;
  else if (!complaint.data)
    body = (
      <EmptyState
        title={t('common.loadFailed')}
        action={
          <Button size="small" onClick={() => void complaint.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  else
    body = (
      <section className="notice-card">
        <MailOutline className="notice-card__icon" aria-hidden />
        {complaint.data.text && <p className="notice-card__text">{complaint.data.text}</p>}
        <div className="copy-row notice-card__email">
          <a
            className="copy-row__text"
            href={`mailto:${complaint.data.email}`}
            dir="ltr"
            data-testid="complaint-email"
          >
            {complaint.data.email}
          </a>
          <CopyButton text={complaint.data.email} testId="copy-email" />
        </div>
      </section>
    );
  return (
    <div className="page" data-testid="complaint-page">
      <PageHeader title={t('pages.complaintEmail')} back />
      {body}
    </div>
  );
}
