/**
 * One photo for a form (an ID side, a proof of payment): taken with the camera or picked from the
 * phone, sent at once to `common/image_upload`, shown as a thumbnail from the phone's own copy.
 * The form gets the server's url only when the upload succeeded, so it cannot submit a photo the
 * server does not have.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SpinLoading } from 'antd-mobile';
import { AddOutline, CloseCircleFill, PictureOutline } from 'antd-mobile-icons';
import { ApiError } from '../../lib/api.ts';
import { uploadImage } from './money-api.ts';
import { shrinkPhoto } from './shrink-photo.ts';

/** What the server takes (it checks the bytes; this only narrows the phone's picker). */
const ACCEPT = 'image/png,image/jpeg,image/webp';

type State = { kind: 'empty' | 'uploading' | 'done' } | { kind: 'failed'; reason: string };

export function ImageField({
  label,
  onChange,
  error,
  testId,
}: {
  label: string;
  /** The uploaded image's url, or '' when there is none (removed, failed, uploading). */
  onChange(url: string): void;
  /** Already translated: e.g. "Add the front of your document". */
  error?: string | undefined;
  testId: string;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<State>({ kind: 'empty' });
  // The phone's own copy, shown at once; released when replaced or when the form goes away.
  const [preview, setPreview] = useState('');
  // The newest pick wins: a slow first upload must not overwrite a second choice.
  const attempt = useRef(0);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const mine = ++attempt.current;
    setPreview(URL.createObjectURL(file));
    setState({ kind: 'uploading' });
    onChange('');
    try {
      const { url } = await uploadImage(await shrinkPhoto(file));
      if (mine !== attempt.current) return;
      setState({ kind: 'done' });
      onChange(url);
    } catch (failure) {
      if (mine !== attempt.current) return;
      const reason =
        failure instanceof ApiError && failure.message ? failure.message : t('money.uploadFailed');
      setState({ kind: 'failed', reason });
    }
  };

  const remove = () => {
    attempt.current++;
    setState({ kind: 'empty' });
    setPreview('');
    onChange('');
    if (input.current) input.current.value = '';
  };

  const problem = state.kind === 'failed' ? state.reason : error;
  return (
    <div
      className={`image-field ${problem ? 'image-field--error' : ''}`}
      data-testid={testId}
      data-state={state.kind}
    >
      <span className="field__label" id={`${inputId}-label`}>
        {label}
      </span>
      <div className="image-field__box">
        {state.kind === 'empty' ? (
          <label className="image-field__add" htmlFor={inputId}>
            <AddOutline aria-hidden />
            <span>{t('money.addPhoto')}</span>
          </label>
        ) : (
          <div className="image-field__preview">
            <img src={preview} alt={label} />
            {state.kind === 'uploading' && (
              <span className="image-field__veil" role="status" aria-label={t('money.uploading')}>
                <SpinLoading color="white" style={{ '--size': '28px' }} />
              </span>
            )}
            {state.kind === 'failed' && (
              <label className="image-field__veil image-field__veil--retry" htmlFor={inputId}>
                <PictureOutline aria-hidden />
                {t('money.pickAgain')}
              </label>
            )}
            <button
              type="button"
              className="image-field__remove"
              onClick={remove}
              aria-label={t('money.removePhoto')}
              data-testid={`${testId}-remove`}
            >
              <CloseCircleFill aria-hidden />
            </button>
          </div>
        )}
        <input
          ref={input}
          id={inputId}
          className="visually-hidden"
          type="file"
          accept={ACCEPT}
          aria-labelledby={`${inputId}-label`}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => void pick(event.target.files?.[0])}
          data-testid={`${testId}-input`}
        />
      </div>
      {problem && (
        <p className="field__error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
