import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SearchBar } from 'antd-mobile';
import type { Instrument } from '@omp/protocol';
import { PageHeader } from '../../ui/page-header.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { SkeletonRows } from '../../ui/skeleton-rows.tsx';
import { useDebouncedValue } from '../../ui/use-debounced-value.ts';
import { useCategories, useTradeList } from '../quotes/market-queries.ts';
import { InstrumentRow } from '../quotes/instrument-row.tsx';
import { useCurrentInstrument } from './current-instrument-store.ts';

/**
 * `/product`: instruments whose code or name (in the user's language or English) holds the typed
 * text, filtered by the server.
 * (In the company main mode this page lists companies instead; that arrives with its issue.)
 */
export function ProductSearchPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), 250);
  const list = useTradeList(search);
  const categories = useCategories();
  const select = useCurrentInstrument((s) => s.select);

  const categoryName = useMemo(() => {
    const names = new Map((categories.data ?? []).map((c) => [c.Id, c.NameShowTrans]));
    return (id: number) => names.get(id);
  }, [categories.data]);

  const open = useCallback(
    (instrument: Instrument) => {
      select(instrument);
      navigate('/trade', { replace: true });
    },
    [navigate, select],
  );

  const results = list.data ?? [];
  return (
    <div className="page" data-testid="search-page">
      <PageHeader title={t('search.title')} back />
      <div className="search-box" data-testid="search-box">
        <SearchBar
          placeholder={t('search.placeholderName')}
          value={text}
          onChange={setText}
          autoFocus
          clearable
          aria-label={t('search.placeholderName')}
        />
      </div>
      {list.isPending ? (
        <SkeletonRows rows={6} label={t('common.loading')} />
      ) : results.length === 0 ? (
        <EmptyState title={t('search.noResults')} testId="search-empty" />
      ) : (
        <div
          className={`instrument-list ${list.isPlaceholderData ? 'is-stale' : ''}`}
          data-testid="search-results"
        >
          {results.map((instrument) => (
            <InstrumentRow
              key={instrument.Id}
              instrument={instrument}
              onSelect={open}
              showChart={false}
              subtitle={categoryName(instrument.CategoryId)}
            />
          ))}
        </div>
      )}
    </div>
  );
}
