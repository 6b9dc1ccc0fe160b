/** A trader's account now, beside a decision about their money: balance, equity, free margin. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Descriptions, Skeleton } from 'antd';
import type { WireUserDetail } from '@omp/protocol';
import { api } from '../lib/api-client.ts';
import { errorText } from './error-text.ts';
import { groupedMoney } from '../lib/money-text.ts';

export function UserFigures({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['user', userId],
    queryFn: () => api.get<WireUserDetail>(`/admin/api/users/${userId}`),
  });
  if (query.error) return <div role="alert">{errorText(query.error)}</div>;
  if (!query.data) return <Skeleton active paragraph={{ rows: 1 }} />;
  const { figures } = query.data;
  return (
    <Descriptions
      size="small"
      bordered
      column={4}
      title={t('users.account_now')}
      data-testid="user-figures-now"
    >
      <Descriptions.Item label={t('users.balance')}>
        <span className="num">{groupedMoney(figures.balance_usd)}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('dashboard.equity')}>
        <span className="num">{groupedMoney(figures.equity_usd)}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('users.free_margin')}>
        <span className="num">{groupedMoney(figures.free_margin_usd)}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('dashboard.margin_level')}>
        <span className="num">{figures.margin_level_pct ? `${figures.margin_level_pct} %` : '—'}</span>
      </Descriptions.Item>
    </Descriptions>
  );
}
