/**
 * The public settings the screens start with (GET /api/basicSet/getBasicInfo): which
 * registration types exist, the support links, the complaint address.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { useSettings } from './settings-store.ts';

export interface BasicInfo {
  /** 'email', 'mobile' or 'both'. */
  verify_reg_type: string;
  /** 0 hides everything about mobile numbers in registration. */
  is_show_mobile: number;
  whatsapp_link: string;
  telegram_link: string;
  service_link: string;
  /** 'frame': the chat opens inside the app; anything else opens it outside. */
  service_link_type: string;
  complaint_email: string;
  /** Empty: the complaint page asks this server; otherwise the host it asks. */
  complaint_email_host: string;
  /** The broker's announcement in the request's language. */
  announcement: string;
  desktop_site_url: string | null;
  main_mode: string;
  trade_fee_type: number;
}

/** Keyed by language: the announcement comes in the language of the request. */
export const basicInfoKey = (lang: string) => ['basic_info', lang] as const;

export function useBasicInfo() {
  const lang = useSettings((s) => s.lang);
  return useQuery({
    queryKey: basicInfoKey(lang),
    queryFn: ({ signal }) =>
      api.get<BasicInfo>('/api/basicSet/getBasicInfo', { signal, init: true, showErrorMessage: false }),
    // A language switch keeps the links and mode on screen while the new texts load.
    placeholderData: (previous) => previous,
    staleTime: 5 * 60_000,
  });
}
