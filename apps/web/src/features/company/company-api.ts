/** The company directory of the alternate main mode (company/getCompany, getCompanyStatus). */
import { useQuery } from '@tanstack/react-query';
import type { Company, RecordPage } from '@omp/protocol';
import { api } from '../../lib/api.ts';
import { keepCookie, readCookie } from '../../lib/cookie.ts';

/** The status of a company whose visitors are sent to its `loss_url`. */
export const SUSPENDED = 2;
const COOKIE = 'company_id';

export function useCompanies(name: string) {
  return useQuery({
    queryKey: ['companies', name],
    queryFn: ({ signal }) =>
      api.get<RecordPage<Company>>('/api/company/getCompany', {
        params: { name: name || undefined, page: 1, page_size: 50 },
        signal,
      }),
    placeholderData: (previous) => previous,
    staleTime: 60_000,
  });
}

export interface CompanyStatus {
  id: number;
  status: number;
  loss_url: string;
}

export const companyStatus = (id: number) =>
  api.get<CompanyStatus>('/api/company/getCompanyStatus', { params: { id }, loading: true });

export function chosenCompanyId(): number | undefined {
  const id = Number(readCookie(COOKIE));
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

export const keepChosenCompany = (id: number) => keepCookie(COOKIE, String(id));

/** Only a web address may take the visitor away from the app. */
export const isLeavingUrl = (url: string) => /^https?:\/\/\S+$/i.test(url);
