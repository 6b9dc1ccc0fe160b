/**
 * `/mine/auth`: identity verification (docs/CONTRACT.md "Identity"). The form (name, document type
 * and number, one front and one reverse photo), then "waiting for review", then "certified"; a
 * rejected submission shows the reviewer's reason above a fresh form.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Selector } from 'antd-mobile';
import { CheckCircleFill, ClockCircleFill, ExclamationCircleFill } from 'antd-mobile-icons';
import { ID_CARD_TYPES, ReviewStatus, type IdCardType, type IdentityCenter } from '@omp/protocol';
import { PageHeader } from '../../ui/page-header.tsx';
import { TextField } from '../../ui/field.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PageLoading } from '../../ui/page-loading.tsx';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { ImageField } from './image-field.tsx';
import { submitIdentity, useIdentityCenter } from './money-api.ts';
import { useProblems } from './use-problems.ts';
import { useSending } from '../../lib/use-sending.ts';

export function IdentityPage() {
  const { t } = useTranslation();
  const center = useIdentityCenter();
  let body;
  if (center.isPending) body = <PageLoading />;
  else if (!center.data)
    body = (
      <EmptyState
        title={t('common.loadFailed')}
        action={
          <Button size="small" onClick={() => void center.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  else if (center.data.review_status === ReviewStatus.form) body = <IdentityForm previous={center.data} />;
  else body = <IdentityState center={center.data} />;
  return (
    <div className="page money-page" data-testid="identity-page">
      <PageHeader title={t('pages.auth')} back />
      {body}
    </div>
  );
}

function IdentityState({ center }: { center: IdentityCenter }) {
  const { t } = useTranslation();
  const waiting = center.review_status === ReviewStatus.waiting;
  return (
    <section
      className={`status-card ${waiting ? 'status-card--pending' : 'status-card--done'}`}
      data-testid="identity-status"
      data-status={center.review_status}
    >
      {waiting ? (
        <ClockCircleFill className="status-card__icon" aria-hidden />
      ) : (
        <CheckCircleFill className="status-card__icon" aria-hidden />
      )}
      <h2 className="status-card__title">
        {waiting ? t('identity.waitingTitle') : t('identity.certifiedTitle')}
      </h2>
      <p className="status-card__text">{waiting ? t('identity.waitingText') : t('identity.certifiedText')}</p>
      <dl className="detail-list">
        <div>
          <dt>{t('identity.name')}</dt>
          <dd>{center.name}</dd>
        </div>
        <div>
          <dt>{t('identity.cardType')}</dt>
          <dd>{t(`identity.types.${center.card_type}`, { defaultValue: center.card_type })}</dd>
        </div>
        <div>
          <dt>{t('identity.cardId')}</dt>
          <dd className="num" dir="ltr">
            {center.card_id}
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** After a rejection the name and document type are kept; the number and photos are sent anew. */
function IdentityForm({ previous }: { previous: IdentityCenter }) {
  const rejection = previous.remark;
  const { t } = useTranslation();
  const [name, setName] = useState(previous.name);
  const [cardType, setCardType] = useState<IdCardType>(
    ID_CARD_TYPES.find((type) => type === previous.card_type) ?? 'id_card',
  );
  const [cardId, setCardId] = useState('');
  const [front, setFront] = useState('');
  const [reverse, setReverse] = useState('');
  const { problems, setProblems, edited, hasProblems } = useProblems<
    'name' | 'cardId' | 'front' | 'reverse'
  >();
  const { busy, send } = useSending();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: typeof problems = {};
    if (!name.trim()) found.name = t('identity.nameRequired');
    if (!cardId.trim()) found.cardId = t('identity.cardIdRequired');
    if (!front) found.front = t('identity.frontRequired');
    // A passport has no reverse side: its photo page is all there is.
    const passport = cardType === 'passport';
    if (!reverse && !passport) found.reverse = t('identity.reverseRequired');
    setProblems(found);
    if (hasProblems(found)) return;
    await send(() =>
      submitIdentity({
        name: name.trim(),
        card_id: cardId.trim(),
        card_type: cardType,
        front_pic: front,
        ...(passport ? {} : { reverse_pic: reverse }),
      }),
    );
  };

  return (
    <form
      className="money-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      data-testid="identity-form"
    >
      {rejection ? (
        <div className="notice notice--refused" role="alert" data-testid="identity-rejected">
          <ExclamationCircleFill aria-hidden />
          <div>
            <p className="notice__title">{t('identity.rejectedTitle')}</p>
            <p>{rejection}</p>
          </div>
        </div>
      ) : (
        <p className="money-form__lead">{t('identity.lead')}</p>
      )}
      <TextField
        id="identity-name"
        label={t('identity.name')}
        value={name}
        onValue={edited('name', setName)}
        error={problems.name}
        autoComplete="name"
        maxLength={100}
      />
      <div className="field">
        <span className="field__label">{t('identity.cardType')}</span>
        <Selector
          columns={3}
          value={[cardType]}
          onChange={(picked) => picked[0] && setCardType(picked[0])}
          options={ID_CARD_TYPES.map((type) => ({ label: t(`identity.types.${type}`), value: type }))}
          data-testid="identity-type"
        />
      </div>
      <TextField
        id="identity-card"
        label={t('identity.cardId')}
        value={cardId}
        onValue={edited('cardId', setCardId)}
        error={problems.cardId}
        autoCapitalize="characters"
        autoComplete="off"
        maxLength={64}
        ltr
      />
      <div className="image-pair">
        <ImageField
          label={t('identity.front')}
          onChange={edited('front', setFront)}
          error={problems.front}
          testId="identity-front"
        />
        {cardType !== 'passport' && (
          <ImageField
            label={t('identity.reverse')}
            onChange={edited('reverse', setReverse)}
            error={problems.reverse}
            testId="identity-reverse"
          />
        )}
      </div>
      <p className="money-form__hint">{t('identity.photoHint')}</p>
      <SubmitButton busy={busy} testId="identity-submit">
        {rejection ? t('identity.resubmit') : t('identity.submit')}
      </SubmitButton>
    </form>
  );
}
