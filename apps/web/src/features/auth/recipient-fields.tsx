import { useTranslation } from 'react-i18next';
import type { IdentifierType } from '@omp/protocol';
import { TextField } from '../../ui/field.tsx';
import { AreaPicker } from './area-picker.tsx';
import type { LocalizedArea } from './area-codes.ts';

interface RecipientFieldsProps {
  idPrefix: string;
  types: readonly IdentifierType[];
  type: IdentifierType;
  onType(type: IdentifierType): void;
  account: string;
  onAccount(value: string): void;
  areas: readonly LocalizedArea[];
  area: LocalizedArea | undefined;
  onArea(area: LocalizedArea): void;
  error?: string | undefined;
}

/** E-mail or mobile (as the settings allow): the choice, then the address or the number. */
export function RecipientFields(props: RecipientFieldsProps) {
  const { t } = useTranslation();
  const { idPrefix, types, type, onType, account, onAccount, error } = props;
  return (
    <>
      {types.length > 1 && (
        <div className="segmented auth-tabs" role="radiogroup" aria-label={t('account.identifierType')}>
          {types.map((option) => (
            <button
              key={option}
              type="button"
              role="radio"
              aria-checked={type === option}
              className={`segmented__item ${type === option ? 'is-active' : ''}`}
              onClick={() => onType(option)}
              data-testid={`${idPrefix}-type-${option}`}
            >
              {t(option === 'email' ? 'account.byEmail' : 'account.byMobile')}
            </button>
          ))}
        </div>
      )}
      {type === 'email' ? (
        <TextField
          id={`${idPrefix}-email`}
          label={t('account.email')}
          placeholder={t('account.emailPlaceholder')}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="next"
          ltr
          value={account}
          onValue={onAccount}
          error={error}
        />
      ) : (
        <TextField
          id={`${idPrefix}-mobile`}
          label={t('account.mobile')}
          placeholder={t('account.mobilePlaceholder')}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          enterKeyHint="next"
          ltr
          value={account}
          onValue={onAccount}
          error={error}
          start={
            <AreaPicker
              id={`${idPrefix}-mobile`}
              areas={props.areas}
              value={props.area}
              onChange={props.onArea}
            />
          }
        />
      )}
    </>
  );
}
