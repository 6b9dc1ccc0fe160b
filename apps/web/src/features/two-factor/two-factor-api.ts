/**
 * Two-step sign-in calls (docs/CONTRACT.md "Two-step sign-in"): the login's code step, the state
 * of the user's authenticator, enrolling one and turning it off. Bodies satisfy the protocol's
 * types, so a renamed field fails the typecheck here.
 */
import { useQuery } from '@tanstack/react-query';
import type {
  LoginChallenge,
  LoginResult,
  LoginSecondStepBody,
  TwoFactorConfirmBody,
  TwoFactorDisableBody,
  TwoFactorEnrolment,
  TwoFactorStatus,
} from '@omp/protocol';
import { api, ApiError } from '../../lib/api.ts';
import { queryClient } from '../../lib/query-client.ts';
import { useSession } from '../session/session-store.ts';

/** What the user proves the second step with: the app's six digits, or a recovery code. */
export type Proof = { code: string } | { recovery_code: string };

/** The challenge inside loginForU's refusal, when the password was right and a code is due. */
export function challengeOf(error: unknown): LoginChallenge | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const data = error.envelope?.data as Partial<LoginChallenge> | null | undefined;
  return data?.second_factor === 'totp' && typeof data.challenge === 'string'
    ? (data as LoginChallenge)
    : undefined;
}

/** Step two of a login; a refusal is left to the screen, which shows it beside the code. */
export function loginSecondStep(challenge: string, proof: Proof): Promise<LoginResult> {
  return api.post<LoginResult>(
    '/api/user/login/second_factor',
    { challenge, ...proof } satisfies LoginSecondStepBody,
    { form: true, loading: true, successToast: true, showErrorMessage: false },
  );
}

const statusKey = (token: string) => ['two_factor', token] as const;

export function useTwoFactorStatus() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: statusKey(token),
    queryFn: ({ signal }) => api.get<TwoFactorStatus>('/api/user/two_factor', { signal }),
    enabled: token !== '',
  });
}

/** The status here and the `two_factor` flag of the user's info (the withdrawal asks by it). */
const refresh = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['two_factor'] }),
    queryClient.invalidateQueries({ queryKey: ['user_info'] }),
  ]);

export function startEnrolment(): Promise<TwoFactorEnrolment> {
  return api.post<TwoFactorEnrolment>('/api/user/two_factor/enrol', undefined, { loading: true });
}

export async function confirmEnrolment(password: string, code: string): Promise<string[]> {
  const { recovery_codes } = await api.post<{ recovery_codes: string[] }>(
    '/api/user/two_factor/enrol/confirm',
    { password, code } satisfies TwoFactorConfirmBody,
    { form: true, loading: true, showErrorMessage: false },
  );
  // The codes are shown first; the status behind them follows.
  void refresh();
  return recovery_codes;
}

export async function disableTwoFactor(password: string, proof: Proof): Promise<void> {
  await api.post('/api/user/two_factor/disable', { password, ...proof } satisfies TwoFactorDisableBody, {
    form: true,
    loading: true,
    successToast: true,
    showErrorMessage: false,
  });
  await refresh();
}

/** The server's reason for a refusal the screen shows itself, beside the field it concerns. */
export const refusalText = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;
