import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Popup, SearchBar } from 'antd-mobile';
import { CheckOutline, CloseOutline, DownFill } from 'antd-mobile-icons';
import { EmptyState } from '../../ui/empty-state.tsx';
import { filterAreas, type LocalizedArea } from './area-codes.ts';

interface AreaPickerProps {
  areas: readonly LocalizedArea[];
  value: LocalizedArea | undefined;
  onChange(area: LocalizedArea): void;
  /** Names the button for screen readers together with the field it sits in. */
  id: string;
}

/** The calling-code button at the start of a phone field, and the searchable list it opens. */
export function AreaPicker({ areas, value, onChange, id }: AreaPickerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const rows = useMemo(() => filterAreas(areas, query), [areas, query]);

  const close = () => {
    setOpen(false);
    setQuery('');
  };

  return (
    <>
      <button
        type="button"
        className="area-button"
        onClick={() => setOpen(true)}
        aria-label={t('account.areaCodeOf', { name: value ? `${value.label} ${value.global_code}` : '—' })}
        aria-haspopup="dialog"
        data-testid={`${id}-area`}
      >
        <span className="num">{value?.global_code ?? '+'}</span>
        <DownFill className="area-button__caret" aria-hidden />
      </button>
      <Popup
        visible={open}
        onMaskClick={close}
        onClose={close}
        position="bottom"
        bodyClassName="area-sheet"
        destroyOnClose
      >
        <div
          className="area-sheet__inner"
          role="dialog"
          aria-label={t('account.areaCode')}
          data-testid="area-sheet"
        >
          <div className="area-sheet__head">
            <h2 className="area-sheet__title">{t('account.areaCode')}</h2>
            <button type="button" className="icon-button" onClick={close} aria-label={t('common.close')}>
              <CloseOutline />
            </button>
          </div>
          <div className="area-sheet__search">
            <SearchBar
              placeholder={t('account.areaSearch')}
              value={query}
              onChange={setQuery}
              aria-label={t('account.areaSearch')}
            />
          </div>
          <ul className="area-sheet__list" role="listbox" aria-label={t('account.areaCode')}>
            {rows.map((area) => {
              const selected = area.id === value?.id;
              return (
                <li key={area.id} role="presentation">
                  <button
                    type="button"
                    role="option"
                    aria-selected={selected}
                    className={`area-row ${selected ? 'is-selected' : ''}`}
                    onClick={() => {
                      onChange(area);
                      close();
                    }}
                    data-testid={`area-${area.code}`}
                  >
                    <span className="area-row__name">{area.label}</span>
                    <span className="area-row__code num">{area.global_code}</span>
                    <span className="area-row__check" aria-hidden>
                      {selected && <CheckOutline />}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
          {rows.length === 0 && <EmptyState title={t('account.areaNoMatch')} />}
        </div>
      </Popup>
    </>
  );
}
