import { PageLoading } from '../../ui/page-loading.tsx';
import { ProductSearchPage } from '../instruments/product-search-page.tsx';
import { useBasicInfo } from '../settings/basic-info.ts';
import { CompanyPage } from './company-page.tsx';

/** `/product`: the broker's main mode decides whether it lists instruments or companies. */
export function ProductRoute() {
  const info = useBasicInfo();
  if (info.isPending) return <PageLoading />;
  return info.data?.main_mode === 'company' ? <CompanyPage /> : <ProductSearchPage />;
}
