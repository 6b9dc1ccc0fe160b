import { useTranslation } from 'react-i18next';
import { Button, Toast } from 'antd-mobile';
import { QRCodeSVG } from 'qrcode.react';
import { PageHeader } from '../../ui/page-header.tsx';
import { copyText } from './clipboard.ts';
import { inviteLink } from './invite-link.ts';
import { useUserInfo } from './use-user-info.ts';

/** The QR code is 160 px (docs/CONTRACT.md "Timings and sizes"). */
const QR_SIZE = 160;

/** `/mine/invite`: the invite link, its QR code and the code itself. */
export default function InvitePage() {
  const { t } = useTranslation();
  const user = useUserInfo();
  const code = user?.invite_code ?? '';
  const link = code ? inviteLink(window.location, code) : '';

  const copy = async (text: string) => {
    const copied = await copyText(text);
    Toast.show(
      copied ? { icon: 'success', content: t('invite.copied') } : { content: t('invite.copyFailed') },
    );
  };

  return (
    <div className="page invite-page" data-testid="invite-page">
      <PageHeader title={t('pages.invite')} back />
      <section className="invite-card">
        <h2 className="invite-card__title">{t('invite.title')}</h2>
        <p className="invite-card__lead">{t('invite.lead')}</p>
        <div className="invite-card__qr" data-testid="invite-qr">
          {link ? (
            <QRCodeSVG value={link} size={QR_SIZE} marginSize={2} title={t('invite.qrLabel')} />
          ) : (
            <div className="invite-card__qr-empty" style={{ width: QR_SIZE, height: QR_SIZE }} />
          )}
        </div>

        <div className="invite-field">
          <span className="invite-field__label">{t('invite.code')}</span>
          <div className="invite-field__row">
            <span className="invite-field__code num" data-testid="invite-code">
              {code || '—'}
            </span>
            <Button
              size="small"
              fill="outline"
              color="primary"
              disabled={!code}
              onClick={() => void copy(code)}
              data-testid="copy-code"
            >
              {t('invite.copy')}
            </Button>
          </div>
        </div>

        <div className="invite-field">
          <span className="invite-field__label">{t('invite.link')}</span>
          <p className="invite-field__link" dir="ltr" data-testid="invite-link">
            {link || '—'}
          </p>
        </div>
        <Button
          block
          color="primary"
          size="large"
          disabled={!link}
          onClick={() => void copy(link)}
          data-testid="copy-link"
        >
          {t('invite.copyLink')}
        </Button>
      </section>
    </div>
  );
}
