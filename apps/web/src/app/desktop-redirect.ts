/**
 * Desktop browsers go to the broker's desktop site when one is configured (docs/CONTRACT.md
 * "Screens and routes"); otherwise they get the phone layout centred on the page.
 */
import { api } from '../lib/api.ts';

const MOBILE_UA =
  /Mobi|Android|iPhone|iPad|iPod|Windows Phone|IEMobile|Opera Mini|BlackBerry|webOS|HarmonyOS/i;

export function isMobileDevice(userAgent: string, maxTouchPoints = 0): boolean {
  if (MOBILE_UA.test(userAgent)) return true;
  // iPadOS 13+ reports itself as a Mac; only the touch screen gives it away.
  return /Macintosh/.test(userAgent) && maxTouchPoints > 1;
}

/**
 * The URL to leave for, or null to stay: no URL configured, an unparsable one, or one pointing
 * back at this very page (which would loop).
 */
export function desktopRedirectTarget(
  configured: string | null | undefined,
  currentHref: string,
): string | null {
  if (!configured) return null;
  let target: URL;
  try {
    target = new URL(configured, currentHref);
  } catch {
    return null;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return null;
  const current = new URL(currentHref);
  if (target.origin === current.origin && target.pathname === current.pathname) return null;
  return target.href;
}

interface BasicInfo {
  desktop_site_url?: string | null;
}

export async function redirectDesktopVisitor(): Promise<void> {
  if (isMobileDevice(navigator.userAgent, navigator.maxTouchPoints)) return;
  try {
    const info = await api.get<BasicInfo>('/api/basicSet/getBasicInfo', {
      init: true,
      showErrorMessage: false,
    });
    const target = desktopRedirectTarget(info?.desktop_site_url, location.href);
    if (target) location.replace(target);
  } catch {
    // Without the setting the phone layout serves desktops too.
  }
}
