/**
 * Whether a user has seen the onboarding on this device. Kept per user, by uid, so a second
 * account on the same phone gets its own first look; `*` stands for every user (a device set up
 * not to show it, such as a shared demo phone in a branch).
 */
import { readText, writeText } from '../../lib/storage.ts';

export const ONBOARDING_SEEN_KEY = 'onboarding_seen';
const EVERYONE = '*';

/** The uids in the stored text (comma-separated), or everyone. */
export function parseSeen(text: string | null): Set<string> {
  return new Set((text ?? '').split(',').filter((part) => part !== ''));
}

export function hasSeen(text: string | null, uid: number): boolean {
  const seen = parseSeen(text);
  return seen.has(EVERYONE) || seen.has(String(uid));
}

export function withSeen(text: string | null, uid: number): string {
  const seen = parseSeen(text);
  seen.add(String(uid));
  return [...seen].join(',');
}

export function hasSeenOnboarding(uid: number): boolean {
  return hasSeen(readText(ONBOARDING_SEEN_KEY), uid);
}

export function markOnboardingSeen(uid: number): void {
  writeText(ONBOARDING_SEEN_KEY, withSeen(readText(ONBOARDING_SEEN_KEY), uid));
}
