/**
 * `/news`: market news, newest first, kept alive so the place in the list survives reading an
 * article; more articles load as the end comes near, pull down for the latest.
 */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { NewsItem } from '@omp/protocol';
import { PageHeader } from '../../ui/page-header.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PagedBody, RefreshableList } from '../../ui/paged-list.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useSettings } from '../settings/settings-store.ts';
import { uniqueRecords } from '../money/money-api.ts';
import { utcTextSeconds } from '../money/money-figures.ts';
import { useNewsList } from './news-api.ts';

export function NewsPage() {
  const { t } = useTranslation();
  const news = useNewsList();
  const rows = uniqueRecords(news.data?.pages);
  return (
    <div className="page news-page" data-testid="news-page">
      <PageHeader title={t('pages.news')} />
      <RefreshableList onRefresh={() => news.refetch()}>
        <PagedBody
          query={news}
          rowCount={rows.length}
          skeleton={<NewsSkeleton label={t('common.loading')} />}
          empty={<EmptyState title={t('news.empty')} testId="news-empty" />}
        >
          <ul className="news-list" data-testid="news-list">
            {rows.map((item) => (
              <NewsRow key={item.id} item={item} />
            ))}
          </ul>
        </PagedBody>
      </RefreshableList>
    </div>
  );
}

function NewsRow({ item }: { item: NewsItem }) {
  const navigate = useNavigate();
  return (
    <li>
      <button
        type="button"
        className="news-row"
        onClick={() => void navigate(`/news/detail?id=${item.id}`)}
        data-testid="news-row"
      >
        <span className="news-row__text">
          {/* An article may be in English under an Arabic screen: each text takes its own direction. */}
          <span className="news-row__title" dir="auto">
            {item.title}
          </span>
          <span className="news-row__desc" dir="auto">
            {item.desc}
          </span>
          <NewsTime text={item.created_at} />
        </span>
        {item.logo && <img className="news-row__logo" src={item.logo} alt="" loading="lazy" />}
      </button>
    </li>
  );
}

/** A publication time in the phone's time zone. */
export function NewsTime({ text }: { text: string }) {
  const lang = useSettings((s) => s.lang);
  const seconds = utcTextSeconds(text);
  return (
    <time className="news-time num" dateTime={text.replace(' ', 'T') + 'Z'}>
      {seconds === undefined ? text : formatDateTime(seconds, lang)}
    </time>
  );
}

function NewsSkeleton({ label }: { label: string }) {
  return (
    <div className="news-list" role="status" aria-busy="true" aria-label={label} data-testid="skeleton">
      {Array.from({ length: 6 }, (_, i) => (
        <div className="news-row" key={i}>
          <span className="news-row__text">
            <span className="skeleton skeleton--line" style={{ width: `${70 + ((i * 11) % 25)}%` }} />
            <span className="skeleton skeleton--line skeleton--thin" style={{ width: '90%' }} />
            <span className="skeleton skeleton--line skeleton--thin" style={{ width: '30%' }} />
          </span>
          <span className="skeleton news-row__logo" />
        </div>
      ))}
    </div>
  );
}
