/**
 * The public content reads in wire shapes: news pages and articles in the reader's language (the
 * body cleaned by the same HTML allow-list on every read as on every write), and the broker
 * companies with their status.
 */
import { CompanyStatus, type Language } from '@omp/protocol';
import { notFound } from '../domain/errors.ts';
import type { CompanyRecord, ContentRepository } from '../repositories/content-repository.ts';
import { sanitizeArticleHtml } from '../inputs/article-html.ts';
import { timeText } from '../wire/trading-wire.ts';

export const toWireCompany = (c: CompanyRecord) => ({
  id: c.id,
  name: c.name,
  logo: c.logo,
  url: c.url,
  subject: c.subject,
  registered_address: c.registered_address,
  location: c.location,
  email: c.email,
  status: c.status,
});

export class ContentQueries {
  private readonly repository: ContentRepository;

  constructor(repository: ContentRepository) {
    this.repository = repository;
  }

  async newsPage(categoryId: number, lang: Language, page: number, pageSize: number) {
    const { list, total } = await this.repository.newsPage(categoryId, lang, (page - 1) * pageSize, pageSize);
    return {
      list: list.map((n) => ({
        id: n.id,
        title: n.title,
        desc: n.desc,
        logo: n.logo,
        created_at: timeText(n.createdAtMs),
      })),
      total,
      page,
    };
  }

  async article(id: number, lang: Language) {
    const article = await this.repository.newsArticle(id, lang);
    if (!article) throw notFound('content.news_not_found', { id });
    return {
      id: article.id,
      title: article.title,
      desc: article.desc,
      logo: article.logo,
      created_at: timeText(article.createdAtMs),
      content: sanitizeArticleHtml(article.content),
    };
  }

  async companies(name: string | undefined, page: number, pageSize: number) {
    const { list, total } = await this.repository.companies(name, (page - 1) * pageSize, pageSize);
    return { list: list.map(toWireCompany), total, page };
  }

  /** Active (1) or suspended (2, with the address a suspended company sends visitors to). */
  async companyStatus(id: number) {
    const company = await this.repository.company(id);
    if (!company) throw notFound('content.company_not_found', { id });
    const suspended = company.status === CompanyStatus.suspended;
    return { id: company.id, status: company.status, loss_url: suspended ? company.loss_url : '' };
  }
}
