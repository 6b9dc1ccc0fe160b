/**
 * The stop-out explainer's call (GET /v1/api/forex/stop_out_report): a report by its id (from a
 * STOP_OUT or MARGIN_CALL push) or by a position the stop-out closed (from the order's detail).
 * A report never changes once written, so it is fetched once per session and kept.
 */
import { useQuery } from '@tanstack/react-query';
import type { StopOutReport } from '@omp/protocol';
import { api } from '../../lib/api.ts';
import { useSession } from '../session/session-store.ts';

export type ReportAddress = { id: number } | { orderId: number };

/** `?id=` or `?order=` of the page's address; undefined when neither is a positive whole number. */
export function reportAddressOf(search: URLSearchParams): ReportAddress | undefined {
  const whole = (text: string | null) => (text && /^[1-9]\d{0,15}$/.test(text) ? Number(text) : undefined);
  const id = whole(search.get('id'));
  if (id !== undefined) return { id };
  const orderId = whole(search.get('order'));
  return orderId !== undefined ? { orderId } : undefined;
}

export function useStopOutReport(address: ReportAddress | undefined) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: ['explainer', token, address],
    queryFn: ({ signal }) =>
      api.get<StopOutReport>('/v1/api/forex/stop_out_report', {
        params: address && 'id' in address ? { id: address.id } : { order_id: address?.orderId },
        signal,
      }),
    enabled: token !== '' && address !== undefined,
    staleTime: Infinity,
    retry: false,
  });
}
