/**
 * The statement calls (docs/CONTRACT.md "Statements"): the totals of a period for the screen, the
 * CSV and PDF downloads, and the monthly e-mail switch. Keys carry the session token, so one
 * user's figures never show for the next user on the same phone.
 */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { StatementMail, WireStatement } from '@omp/protocol';
import { api } from '../../lib/api.ts';
import { queryClient } from '../../lib/query-client.ts';
import { useSession } from '../session/session-store.ts';
import type { DayRange } from './statement-range.ts';

const BASE = '/v1/api/main/account';

/** Which account: the real one, or the same person's demo account; the session's own when absent. */
export type StatementAccount = 'real' | 'demo' | undefined;

export function useStatement(range: DayRange, tz: string, account: StatementAccount) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: ['statement', token, range.from, range.to, tz, account],
    queryFn: ({ signal }) =>
      api.get<WireStatement>(`${BASE}/statement`, {
        params: { ...range, tz, account },
        signal,
        showErrorMessage: false,
      }),
    enabled: token !== '',
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/**
 * Saves a downloaded file: a link to the blob, clicked. The browser (or the phone's web view)
 * saves it under the server's name; the link is let go once the click has been handled.
 */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

export async function downloadStatement(
  kind: 'csv' | 'pdf',
  range: DayRange,
  tz: string,
  account: StatementAccount,
): Promise<void> {
  const file = await api.download(`${BASE}/statement.${kind}`, { params: { ...range, tz, account } });
  saveFile(file.blob, file.filename);
}

const mailKey = (token: string) => ['statement', 'mail', token] as const;

export function useStatementMail() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: mailKey(token),
    queryFn: ({ signal }) => api.get<StatementMail>(`${BASE}/statementMail`, { signal }),
    enabled: token !== '',
  });
}

export function useChooseStatementMail(tz: string) {
  const token = useSession((s) => s.token);
  return useMutation({
    mutationFn: (monthly: boolean) =>
      api.post<StatementMail>(`${BASE}/statementMail`, { monthly, tz }, { successToast: true }),
    onSuccess: (choice) => queryClient.setQueryData(mailKey(token), choice),
  });
}
