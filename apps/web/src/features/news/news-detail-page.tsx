/**
 * `/news/detail?id=`: one article with a loading indicator while it comes.
 * The rich text is sanitised by the server when written and when read (no scripts, styles, frames
 * or event handlers), and the page's content policy would refuse inline scripts regardless.
 */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button, SpinLoading } from 'antd-mobile';
import { ResponseCode } from '@omp/protocol';
import { ApiError } from '../../lib/api.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { useNewsArticle } from './news-api.ts';
import { NewsTime } from './news-page.tsx';

export function NewsDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const article = useNewsArticle(valid ? id : undefined);

  let body;
  if (!valid) body = <EmptyState title={t('news.notFound')} testId="news-not-found" />;
  else if (article.isPending)
    body = (
      <div className="page-loading" role="status" aria-label={t('common.loading')} data-testid="news-loading">
        <SpinLoading color="primary" />
      </div>
    );
  // No such article: said plainly; asking again would only get the same answer.
  else if (article.error instanceof ApiError && article.error.code === ResponseCode.notFound)
    body = <EmptyState title={t('news.notFound')} testId="news-not-found" />;
  else if (!article.data)
    body = (
      <EmptyState
        title={t('common.loadFailed')}
        testId="news-load-failed"
        action={
          <Button size="small" onClick={() => void article.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  else
    body = (
      <article className="article" data-testid="news-article">
        <h1 className="article__title" dir="auto">
          {article.data.title}
        </h1>
        <NewsTime text={article.data.created_at} />
        {article.data.logo && <img className="article__hero" src={article.data.logo} alt="" />}
        <div
          className="article__body"
          dir="auto"
          data-testid="news-content"
          // Sanitised on the server (an allow-list of tags and attributes).
          dangerouslySetInnerHTML={{ __html: article.data.content }}
        />
      </article>
    );

  return (
    <div className="page news-detail-page" data-testid="news-detail-page">
      <PageHeader title={t('pages.newsDetail')} back />
      {body}
    </div>
  );
}
