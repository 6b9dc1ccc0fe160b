import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Button from 'antd-mobile/es/components/button';
import SearchOutline from 'antd-mobile-icons/es/SearchOutline';
import UserOutline from 'antd-mobile-icons/es/UserOutline';
import type { Category, Instrument } from '@omp/protocol';
import { PageHeader } from '../../ui/page-header.tsx';
import { SkeletonRows } from '../../ui/skeleton-rows.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { useCurrentInstrument } from '../instruments/current-instrument-store.ts';
import { useCategories, useTradeList } from './market-queries.ts';
import { CategoryChips } from './category-chips.tsx';
import { QuoteRow } from './quote-row.tsx';
import { useFavourites } from './favourites.ts';
import { useKeepLastPrices, useLastPrices } from './last-prices.ts';
import { OfflinePricesNote } from './offline-prices-note.tsx';
import { useCutOff } from '../../lib/use-socket-events.ts';
import { useSettings } from '../settings/settings-store.ts';

/** The Favourites chip's id: server categories are numbered from 1. */
export const FAVOURITES_CATEGORY = 0;

/**
 * `/`: quotes by category, Favourites first. Kept alive, so the chosen category survives a trip to
 * the chart. Until the user picks a category, Favourites shows when it has anything, else the
 * first of the server's categories. With no network the last list seen live is shown, marked
 * offline with its time (last-prices.ts), until the connection is back.
 */
export function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const categories = useCategories();
  const list = useTradeList();
  const select = useCurrentInstrument((s) => s.select);
  const favourites = useFavourites();
  const lang = useSettings((s) => s.lang);
  const cutOff = useCutOff();
  const lastPrices = useLastPrices((s) => s.snapshot);
  useKeepLastPrices({
    instruments: list.data,
    categories: categories.data,
    favouriteIds: favourites.ids,
    lang,
  });
  // The server's answers when there are any; the last list seen live when they cannot come.
  const offlineList = !list.data && (cutOff || list.isError) ? lastPrices : undefined;
  const instruments = list.data ?? offlineList?.instruments;
  // The kept categories also stand in while the server's are asked for again after a reconnect.
  const categoryList = useMemo(
    () =>
      categories.data ??
      (offlineList ?? (cutOff || categories.isError ? lastPrices : undefined))?.categories.toSorted(
        (a, b) => a.Sort - b.Sort,
      ),
    [categories.data, categories.isError, cutOff, offlineList, lastPrices],
  );
  const favouriteIds = offlineList && favourites.isPending ? offlineList.favouriteIds : favourites.ids;
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const selected = chosen ?? (favouriteIds.length > 0 ? FAVOURITES_CATEGORY : categoryList?.[0]?.Id);

  const chips = useMemo<Category[]>(
    () => [
      { Id: FAVOURITES_CATEGORY, Code: 'favourites', NameShowTrans: t('home.favourites'), Sort: 0 },
      ...(categoryList ?? []),
    ],
    [categoryList, t],
  );

  const favouriteSet = useMemo(() => new Set(favouriteIds), [favouriteIds]);
  const rows = useMemo(
    () =>
      (instruments ?? []).filter((instrument) =>
        selected === FAVOURITES_CATEGORY
          ? favouriteSet.has(instrument.Id)
          : selected === undefined || instrument.CategoryId === selected,
      ),
    [instruments, selected, favouriteSet],
  );

  const open = useCallback(
    (instrument: Instrument) => {
      select(instrument);
      navigate('/trade');
    },
    [navigate, select],
  );

  // Starring or unstarring keeps the category on screen, even the default one (the last star
  // removed from Favourites must not swap the list for another category under the finger).
  const toggleFavourite = favourites.toggle;
  const onToggleFavourite = useCallback(
    (id: number) => {
      setChosen((current) => current ?? selected);
      toggleFavourite(id);
    },
    [selected, toggleFavourite],
  );

  const loading = !offlineList && (list.isPending || categories.isPending || favourites.isPending);

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
        {categoryList && (
          <CategoryChips
            categories={chips}
            selected={selected}
            onSelect={(id) => {
              setChosen(id);
              window.scrollTo(0, 0);
            }}
            label={t('home.categories')}
          />
        )}
        {cutOff && lastPrices && <OfflinePricesNote savedAt={lastPrices.savedAt} />}
        <div className="list-head" aria-hidden>
          <span className="list-head__name">{t('home.columnSymbol')}</span>
          <span className="list-head__price">{t('quote.bid')}</span>
          <span className="list-head__price">{t('quote.ask')}</span>
        </div>
      </div>
      {loading ? (
        <SkeletonRows rows={10} label={t('common.loading')} />
      ) : list.isError && !instruments ? (
        <EmptyState
          title={t('common.loadFailed')}
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : rows.length === 0 && selected === FAVOURITES_CATEGORY ? (
        <EmptyState
          title={t('home.favouritesEmpty')}
          hint={t('home.favouritesHint')}
          testId="favourites-empty"
        />
      ) : rows.length === 0 ? (
        <EmptyState title={t('common.noData')} />
      ) : (
        <div className="instrument-list" data-testid="instrument-list">
          {rows.map((instrument) => (
            <QuoteRow
              key={instrument.Id}
              instrument={instrument}
              favourite={favouriteSet.has(instrument.Id)}
              onSelect={open}
              onToggleFavourite={onToggleFavourite}
            />
          ))}
        </div>
      )}
    </div>
  );
}
