/**
 * The retail risk warning (GET /api/risk/warning): its text in the app's language, with the share
 * of real accounts that lost money, and whether the signed-in real user acknowledged it. The key
 * carries the language and the session token: another user or language is another warning.
 */
import { useQuery } from '@tanstack/react-query';
import type { RiskWarning } from '@omp/protocol';
import { api } from '../../lib/api.ts';
import { queryClient } from '../../lib/query-client.ts';
import { useSettings } from '../settings/settings-store.ts';
import { useSession } from '../session/session-store.ts';

export const riskKeys = {
  all: ['riskWarning'] as const,
  warning: (lang: string, token: string) => ['riskWarning', lang, token] as const,
};

export function useRiskWarning() {
  const lang = useSettings((s) => s.lang);
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: riskKeys.warning(lang, token),
    // Quiet: the warning is beside the action, not the action; a hiccup is retried in the background.
    queryFn: ({ signal }) => api.get<RiskWarning>('/api/risk/warning', { signal, showErrorMessage: false }),
    // The figure is recomputed hourly on the server; staff texts change rarely.
    staleTime: 5 * 60_000,
  });
}

/** Records the real user's acknowledgement on the server, so no other phone asks again. */
export async function acknowledgeRiskWarning(): Promise<void> {
  await api.post('/api/risk/acknowledge', {}, { loading: true });
  await queryClient.invalidateQueries({ queryKey: riskKeys.all });
}
