import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import type { Instrument } from '@omp/protocol';
import { useCategories, useTradeList } from '../quotes/market-queries.ts';
import { InstrumentRow } from '../quotes/instrument-row.tsx';
import { CategoryChips } from '../quotes/category-chips.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { useSettings } from '../settings/settings-store.ts';
import { isRtl } from '../../i18n/languages.ts';

interface InstrumentPickerProps {
  visible: boolean;
  currentId: number | undefined;
  onClose(): void;
  onPick(instrument: Instrument): void;
}

/** The side drawer of /trade: category tabs and the instruments of the chosen one. */
export function InstrumentPicker({ visible, currentId, onClose, onPick }: InstrumentPickerProps) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  const categories = useCategories();
  const list = useTradeList();
  const current = list.data?.find((i) => i.Id === currentId);
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const selected = chosen ?? current?.CategoryId ?? categories.data?.[0]?.Id;
  const rows = useMemo(
    () => (list.data ?? []).filter((i) => i.CategoryId === selected),
    [list.data, selected],
  );

  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      // The drawer comes from the reading start: the left, or the right in Arabic.
      position={isRtl(lang) ? 'right' : 'left'}
      bodyClassName="picker"
      destroyOnClose={false}
    >
      <div className="picker__inner" data-testid="instrument-picker">
        <div className="picker__head">
          <h2 className="picker__title">{t('trade.instruments')}</h2>
          <button type="button" className="icon-button" onClick={onClose} aria-label={t('common.close')}>
            <CloseOutline />
          </button>
        </div>
        {categories.data && (
          <CategoryChips
            categories={categories.data}
            selected={selected}
            onSelect={setChosen}
            label={t('home.categories')}
          />
        )}
        <div className="picker__list">
          {rows.length === 0 ? (
            <EmptyState title={t('common.noData')} />
          ) : (
            rows.map((instrument) => (
              <div
                key={instrument.Id}
                className={instrument.Id === currentId ? 'picker__row is-current' : 'picker__row'}
              >
                <InstrumentRow instrument={instrument} onSelect={onPick} showChart={false} />
              </div>
            ))
          )}
        </div>
      </div>
    </Popup>
  );
}
