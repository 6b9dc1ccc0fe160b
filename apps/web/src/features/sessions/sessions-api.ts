/**
 * The devices screen's calls (docs/CONTRACT.md "Sessions and devices") and the change of the sign-in
 * address. The list's key carries the token, so one user's devices never show for the next user of
 * the phone.
 */
import { useQuery } from '@tanstack/react-query';
import type { IdentifierType, SignedInSession } from '@omp/protocol';
import { api } from '../../lib/api.ts';
import { queryClient } from '../../lib/query-client.ts';
import { useSession } from '../session/session-store.ts';

const sessionsKey = (token: string) => ['sessions', token] as const;

export function useSignedInSessions() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: sessionsKey(token),
    queryFn: ({ signal }) => api.get<SignedInSession[]>('/api/user/sessions', { signal }),
    enabled: token !== '',
    // Another device may sign in or out at any time: read again each time the screen opens.
    staleTime: 0,
  });
}

const refreshSessions = () => queryClient.invalidateQueries({ queryKey: ['sessions'] });

export async function signOutSession(id: number): Promise<void> {
  await api.post('/api/user/sessions/sign_out', { id }, { loading: true, successToast: true });
  await refreshSessions();
}

export async function signOutOtherSessions(): Promise<void> {
  await api.post('/api/user/sessions/sign_out_others', {}, { loading: true, successToast: true });
  await refreshSessions();
}

export interface NewContact {
  type: IdentifierType;
  to: string;
  areaId: number | undefined;
}

const contactBody = (contact: NewContact) => ({
  type: contact.type,
  to: contact.to.trim(),
  ...(contact.type === 'mobile' && contact.areaId !== undefined ? { area_id: contact.areaId } : {}),
});

export async function sendContactCode(contact: NewContact): Promise<void> {
  await api.post('/api/user/contact_code', contactBody(contact), { loading: true, successToast: true });
}

export async function changeContact(contact: NewContact & { code: string; password: string }): Promise<void> {
  await api.post(
    '/api/user/change_contact',
    { ...contactBody(contact), code: contact.code.trim(), password: contact.password },
    { loading: true, successToast: true },
  );
  // The user centre shows the new address.
  await queryClient.invalidateQueries({ queryKey: ['user_info'] });
}
