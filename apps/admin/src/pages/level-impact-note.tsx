/**
 * In the settings' confirmation: what new margin-call and stop-out levels would do if saved now,
 * counted by the server at the current prices, so staff see how many accounts would be warned or
 * stopped out at once before they save.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, Skeleton } from 'antd';
import type { LevelImpact } from '@omp/protocol';
import { api } from '../lib/api-client.ts';
import { errorText } from '../ui/error-text.ts';

export function LevelImpactNote({
  marginCallLevel,
  stopOutLevel,
}: {
  marginCallLevel: string;
  stopOutLevel: string;
}) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['level-impact', marginCallLevel, stopOutLevel],
    queryFn: () =>
      api.get<LevelImpact>(
        `/admin/api/settings/level_impact?margin_call_level=${encodeURIComponent(marginCallLevel)}` +
          `&stop_out_level=${encodeURIComponent(stopOutLevel)}`,
      ),
    staleTime: 0,
  });
  if (query.isPending) return <Skeleton active title={false} paragraph={{ rows: 1 }} />;
  if (query.isError) return <Alert type="error" showIcon title={errorText(query.error)} />;
  const impact = query.data;
  const type =
    impact.accounts_at_stop_out > 0 ? 'error' : impact.accounts_at_margin_call > 0 ? 'warning' : 'info';
  return (
    <Alert
      type={type}
      showIcon
      data-testid="level-impact"
      style={{ marginBottom: 12 }}
      title={t('settings.level_impact', {
        holding: impact.holding_accounts,
        call: impact.accounts_at_margin_call,
        realCall: impact.real_accounts_at_margin_call,
        stop: impact.accounts_at_stop_out,
        realStop: impact.real_accounts_at_stop_out,
      })}
    />
  );
}
