/**
 * The public settings the screens start with (GET /api/basicSet/getBasicInfo): which
 * registration types exist, the support links, the complaint address.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export interface BasicInfo {
  /** 'email', 'mobile' or 'both'. */
  verify_reg_type: string;
  /** 0 hides everything about mobile numbers in registration. */
  is_show_mobile: number;
  whatsapp_link: string;
  telegram_link: string;
  service_link: string;
  complaint_email: string;
  desktop_site_url: string | null;
  main_mode: string;
  trade_fee_type: number;
}

export const basicInfoKey = ['basic_info'] as const;

export function useBasicInfo() {
  return useQuery({
    queryKey: basicInfoKey,
    queryFn: ({ signal }) =>
      api.get<BasicInfo>('/api/basicSet/getBasicInfo', { signal, init: true, showErrorMessage: false }),
    staleTime: 5 * 60_000,
  });
}
