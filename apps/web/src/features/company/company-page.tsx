/**
 * `/product` in the company main mode: search the broker companies by name and choose one. The
 * choice is kept in a cookie for 3 years (docs/CONTRACT.md "Timings and sizes"); a suspended
 * company sends the visitor to its `loss_url`, both when chosen and when a kept choice is opened
 * again.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchBar } from 'antd-mobile';
import { CheckCircleFill } from 'antd-mobile-icons';
import type { Company } from '@omp/protocol';
import { PageHeader } from '../../ui/page-header.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { OrderSkeleton } from '../orders/order-skeleton.tsx';
import { useDebouncedValue } from '../../ui/use-debounced-value.ts';
import {
  chosenCompanyId,
  companyStatus,
  isLeavingUrl,
  keepChosenCompany,
  SUSPENDED,
  useCompanies,
} from './company-api.ts';

export function CompanyPage() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), 250);
  const companies = useCompanies(search);
  const [chosen, setChosen] = useState(chosenCompanyId);

  // A kept choice is checked again: a company suspended since then sends the visitor on; an
  // active one has its cookie renewed, since browsers cap a cookie's life at about 400 days.
  useEffect(() => {
    const kept = chosenCompanyId();
    if (kept === undefined) return;
    void companyStatus(kept)
      .then((answer) => {
        if (answer.status !== SUSPENDED) keepChosenCompany(kept);
        else if (isLeavingUrl(answer.loss_url)) window.location.assign(answer.loss_url);
      })
      .catch(() => {});
  }, []);

  const choose = async (company: Company) => {
    try {
      const answer = await companyStatus(company.id);
      if (answer.status === SUSPENDED) {
        if (isLeavingUrl(answer.loss_url)) window.location.assign(answer.loss_url);
        return;
      }
      keepChosenCompany(company.id);
      setChosen(company.id);
    } catch {
      // The request layer has shown why.
    }
  };

  const list = companies.data?.list ?? [];
  return (
    <div className="page" data-testid="company-page">
      <PageHeader title={t('company.title')} back />
      <div className="search-box">
        <SearchBar
          placeholder={t('company.placeholder')}
          value={text}
          onChange={setText}
          clearable
          aria-label={t('company.placeholder')}
          data-testid="company-search"
        />
      </div>
      {companies.isPending ? (
        <OrderSkeleton rows={3} label={t('common.loading')} />
      ) : list.length === 0 ? (
        <EmptyState title={t('company.noResults')} testId="company-empty" />
      ) : (
        <ul
          className={`company-list ${companies.isPlaceholderData ? 'is-stale' : ''}`}
          data-testid="company-list"
        >
          {list.map((company) => (
            <CompanyCard
              key={company.id}
              company={company}
              chosen={company.id === chosen}
              onChoose={() => void choose(company)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function CompanyCard({ company, chosen, onChoose }: { company: Company; chosen: boolean; onChoose(): void }) {
  const { t } = useTranslation();
  const rows: [string, React.ReactNode][] = [
    [t('company.subject'), company.subject],
    [t('company.registeredAddress'), company.registered_address],
    [t('company.location'), company.location],
    [
      t('company.website'),
      company.url && (
        <a href={company.url} target="_blank" rel="noopener noreferrer" dir="ltr">
          {company.url.replace(/^https?:\/\//, '')}
        </a>
      ),
    ],
    [
      t('company.email'),
      company.email && (
        <a href={`mailto:${company.email}`} dir="ltr">
          {company.email}
        </a>
      ),
    ],
  ];
  return (
    <li
      className={`company-card ${chosen ? 'company-card--chosen' : ''}`}
      data-testid="company-card"
      data-chosen={chosen}
    >
      <div className="company-card__head">
        {company.logo ? (
          <img className="company-card__logo" src={company.logo} alt="" />
        ) : (
          <span className="company-card__logo" aria-hidden />
        )}
        <span className="company-card__name" dir="auto">
          {company.name}
        </span>
        {chosen && <CheckCircleFill className="company-card__check" aria-label={t('company.chosen')} />}
      </div>
      <dl className="figure-list figure-list--compact">
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd dir="auto">{value}</dd>
            </div>
          ))}
      </dl>
      <button
        type="button"
        className={`company-card__choose ${chosen ? 'company-card__choose--chosen' : ''}`}
        onClick={onChoose}
        disabled={chosen}
        data-testid="company-choose"
      >
        {chosen ? t('company.chosen') : t('company.choose')}
      </button>
    </li>
  );
}
