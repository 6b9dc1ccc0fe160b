/**
 * `/mine/chat`: the broker's customer-service chat (the `service_link` setting) in a frame, as the
 * spec asks. A provider may refuse to be framed, and the browser does not tell the page when it
 * does, so a link that opens the same chat outside the app is always in view. With
 * `service_link_type` other than "frame", or no link at all, the screen offers the ways that exist.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SpinLoading } from 'antd-mobile';
import { LinkOutline, MessageOutline, SendOutline } from 'antd-mobile-icons';
import { PageHeader } from '../../ui/page-header.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PageLoading } from '../../ui/page-loading.tsx';
import { useBasicInfo } from '../settings/basic-info.ts';

/** Only web addresses may be framed or opened from here. */
export const isWebLink = (link: string) => /^https?:\/\/[^\s]+$/i.test(link.trim());

export function ChatPage() {
  const { t } = useTranslation();
  const info = useBasicInfo();
  const link = info.data?.service_link.trim() ?? '';
  const framed = (info.data?.service_link_type ?? 'frame') === 'frame';
  const usable = isWebLink(link);

  let body;
  if (info.isPending) body = <PageLoading />;
  else if (usable && framed) body = <ChatFrame link={link} />;
  else
    body = (
      <div className="chat-options" data-testid="chat-options">
        <EmptyState title={usable ? t('chat.opensOutside') : t('chat.noChat')} testId="chat-empty" />
        {usable && (
          <ExternalButton href={link} icon={<LinkOutline />} text={t('chat.openChat')} testId="chat-open" />
        )}
        {info.data?.whatsapp_link && (
          <ExternalButton
            href={info.data.whatsapp_link}
            icon={<MessageOutline />}
            text={t('user.whatsapp')}
            testId="chat-whatsapp"
          />
        )}
        {info.data?.telegram_link && (
          <ExternalButton
            href={info.data.telegram_link}
            icon={<SendOutline />}
            text={t('user.telegram')}
            testId="chat-telegram"
          />
        )}
      </div>
    );

  return (
    <div className="page chat-page" data-testid="chat-page">
      <PageHeader
        title={t('pages.chat')}
        back
        right={
          usable && framed ? (
            <a
              className="icon-button"
              href={link}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('chat.openOutside')}
              data-testid="chat-outside"
            >
              <LinkOutline />
            </a>
          ) : undefined
        }
      />
      {body}
    </div>
  );
}

function ChatFrame({ link }: { link: string }) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState(false);
  return (
    <div className="chat-frame">
      <p className="chat-frame__fallback">
        {t('chat.notLoading')}{' '}
        <a href={link} target="_blank" rel="noopener noreferrer" data-testid="chat-fallback">
          {t('chat.openOutside')}
        </a>
      </p>
      <div className="chat-frame__box">
        {!loaded && (
          <div className="chat-frame__loading" role="status" aria-label={t('common.loading')}>
            <SpinLoading color="primary" />
          </div>
        )}
        <iframe
          src={link}
          title={t('pages.chat')}
          onLoad={() => setLoaded(true)}
          // The chat runs its own scripts and forms in its own origin; it may not steer this page.
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox"
          allow="clipboard-write; microphone; camera"
          referrerPolicy="no-referrer"
          data-testid="chat-frame"
        />
      </div>
    </div>
  );
}

function ExternalButton({
  href,
  icon,
  text,
  testId,
}: {
  href: string;
  icon: React.ReactNode;
  text: string;
  testId: string;
}) {
  return (
    <a className="external-button" href={href} target="_blank" rel="noopener noreferrer" data-testid={testId}>
      {icon}
      <span>{text}</span>
    </a>
  );
}
