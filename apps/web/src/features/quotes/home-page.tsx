import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from 'antd-mobile';
import { SearchOutline, UserOutline } from 'antd-mobile-icons';
import type { Instrument } from '@omp/protocol';
import { PageHeader } from '../../ui/page-header.tsx';
import { SkeletonRows } from '../../ui/skeleton-rows.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { useCurrentInstrument } from '../instruments/current-instrument-store.ts';
import { useCategories, useTradeList } from './market-queries.ts';
import { CategoryChips } from './category-chips.tsx';
import { InstrumentRow } from './instrument-row.tsx';

/** `/`: quotes by category. Kept alive, so the chosen category survives a trip to the chart. */
export function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const categories = useCategories();
  const list = useTradeList();
  const select = useCurrentInstrument((s) => s.select);
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  // The first category is the default until the user picks one.
  const selected = chosen ?? categories.data?.[0]?.Id;

  const rows = useMemo(
    () =>
      (list.data ?? []).filter((instrument) => selected === undefined || instrument.CategoryId === selected),
    [list.data, selected],
  );

  const open = useCallback(
    (instrument: Instrument) => {
      select(instrument);
      navigate('/trade');
    },
    [navigate, select],
  );

  const loading = list.isPending || categories.isPending;

  return (
    <div className="page page--home" data-testid="home-page">
      <PageHeader
        title={t('home.title')}
        left={
          <button
            type="button"
            className="icon-button"
            onClick={() => navigate('/user')}
            aria-label={t('home.account')}
            data-testid="open-user"
          >
            <UserOutline />
          </button>
        }
        right={
          <button
            type="button"
            className="icon-button"
            onClick={() => navigate('/product')}
            aria-label={t('home.search')}
            data-testid="open-search"
          >
            <SearchOutline />
          </button>
        }
      />
      <div className="home-toolbar">
        {categories.data && (
          <CategoryChips
            categories={categories.data}
            selected={selected}
            onSelect={(id) => {
              setChosen(id);
              window.scrollTo(0, 0);
            }}
            label={t('home.categories')}
          />
        )}
        <div className="list-head" aria-hidden>
          <span className="list-head__name">{t('home.columnSymbol')}</span>
          <span className="list-head__price">{t('quote.bid')}</span>
          <span className="list-head__change">{t('quote.change')}</span>
        </div>
      </div>
      {loading ? (
        <SkeletonRows rows={10} label={t('common.loading')} />
      ) : list.isError && !list.data ? (
        <EmptyState
          title={t('common.loadFailed')}
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : rows.length === 0 ? (
        <EmptyState title={t('common.noData')} />
      ) : (
        <div className="instrument-list" data-testid="instrument-list">
          {rows.map((instrument) => (
            <InstrumentRow key={instrument.Id} instrument={instrument} onSelect={open} />
          ))}
        </div>
      )}
    </div>
  );
}
