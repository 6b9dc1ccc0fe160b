import { useEffect } from 'react';
import type { OrderRow } from '@omp/protocol';
import { DealTab, type DealStatus } from '../trading/trading-api.ts';
import { ORDER_OPEN_WAIT_MS, useTradingNotices } from './trading-notices.ts';

/**
 * Opens the detail a notice asked for, on the list of its tab, once the order is listed and the
 * page shows (a sheet opened on a hidden page would be closed again at once). The order may be
 * listed only after the refetch its push started; a request still unmet after a while is
 * forgotten, so it cannot pop up a sheet much later.
 */
export function useOrderToOpen(
  status: DealStatus,
  rows: readonly OrderRow[],
  active: boolean,
  open: (id: number) => void,
): void {
  const request = useTradingNotices((s) => s.orderToOpen);
  useEffect(() => {
    if (!request || !active || DealTab[request.tab] !== status) return;
    const forget = useTradingNotices.getState().forgetOrderToOpen;
    if (Date.now() - request.at > ORDER_OPEN_WAIT_MS) return forget();
    if (!rows.some((row) => row.Id === request.id)) return;
    open(request.id);
    forget();
  }, [request, active, status, rows, open]);
}
