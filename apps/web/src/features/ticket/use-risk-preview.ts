/**
 * The server's risk preview of the order on the ticket (GET /v1/api/forex/risk_preview): the
 * engine's projection of the account with the order filled now. Asked once the inputs have rested
 * for a moment, so stepping the lots does not send a call per tap, and the last answer stays on
 * screen while the next one loads, so the rows never empty and refill.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RiskPreview } from '@omp/protocol';
import { api } from '../../lib/api.ts';
import { useDebouncedValue } from '../../ui/use-debounced-value.ts';
import { useSession } from '../session/session-store.ts';

export interface RiskPreviewInputs {
  instrumentId: number;
  side: 'buy' | 'sell';
  /** Lots as the server reads them ("0.10"). */
  lots: string;
  leverage: number;
  /** Empty: no stop loss. */
  stopLoss: string;
}

/** Inputs rest this long before they are asked about. */
const DEBOUNCE_MS = 250;
/** The projection moves with the quote, too: asked again while the ticket stays open. */
const REFRESH_MS = 5_000;

/** The query string of the preview call; its text is also the query's key. */
export function riskPreviewQueryOf(inputs: RiskPreviewInputs): string {
  const params = new URLSearchParams({
    forex_id: String(inputs.instrumentId),
    type: inputs.side === 'buy' ? '1' : '2',
    cont: inputs.lots,
    multiple: String(inputs.leverage),
  });
  if (inputs.stopLoss) params.set('stop_loss_price', inputs.stopLoss);
  return params.toString();
}

export interface RiskPreviewAnswer {
  data: RiskPreview | undefined;
  isError: boolean;
  /**
   * The answer on screen is for inputs the trader has since changed (while they rest, then while
   * the new one loads): the rows show it dimmed, so nobody reads the old order's figures as the
   * new one's.
   */
  answersEarlierInputs: boolean;
}

/** undefined inputs: nothing to ask about (a visitor, or a ticket the server would refuse anyway). */
export function useRiskPreview(inputs: RiskPreviewInputs | undefined): RiskPreviewAnswer {
  const token = useSession((s) => s.token);
  // A string, not the object: the ticket re-renders on every tick, which must not restart the wait.
  const current = inputs ? riskPreviewQueryOf(inputs) : '';
  const query = useDebouncedValue(current, DEBOUNCE_MS);
  const answer = useQuery({
    queryKey: ['trading', 'risk-preview', token, query] as const,
    queryFn: ({ signal }) =>
      // Quiet: a stale quote or a refused size shows as "–" in the rows, not as a toast per change.
      api.get<RiskPreview>(`/v1/api/forex/risk_preview?${query}`, { signal, showErrorMessage: false }),
    enabled: token !== '' && query !== '',
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
    staleTime: 1_000,
  });
  const { data, isError, isPlaceholderData } = answer;
  return {
    data,
    isError,
    answersEarlierInputs: data !== undefined && (current !== query || isPlaceholderData),
  };
}
