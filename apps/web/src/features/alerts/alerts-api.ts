/** Price alerts' calls (docs/CONTRACT.md "Price alerts and notifications") and their query. */
import { useQuery } from '@tanstack/react-query';
import type { AlertCreateBody, PriceAlert } from '@omp/protocol';
import { api } from '../../lib/api.ts';
import { queryClient } from '../../lib/query-client.ts';
import { useSession } from '../session/session-store.ts';

export const alertKeys = {
  list: (token: string) => ['alerts', token] as const,
};

export function useAlerts() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: alertKeys.list(token),
    queryFn: ({ signal }) => api.get<PriceAlert[]>('/v1/api/alerts', { signal }),
    enabled: token !== '',
  });
}

export async function createAlert(body: AlertCreateBody): Promise<PriceAlert> {
  const created = await api.post<PriceAlert>('/v1/api/alerts', body, { loading: true });
  await queryClient.invalidateQueries({ queryKey: ['alerts'] });
  return created;
}

export async function deleteAlert(id: number): Promise<void> {
  const token = useSession.getState().token;
  const list = await api.request<PriceAlert[]>('/v1/api/alerts', { method: 'DELETE', params: { id } });
  queryClient.setQueryData(alertKeys.list(token), list);
}
