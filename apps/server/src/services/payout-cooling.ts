/**
 * A payout method bound less than `payout_cooling_hours` ago cannot receive a withdrawal: someone
 * who took over a session (or learned the password) and binds their own address gets nothing out
 * before the owner has read the notice of it and had time to act. Staff set the hours (0 turns the
 * rule off); the setting is read at each withdrawal, so a change applies at once on every node.
 */
import type { SettingsService } from './settings-service.ts';

const HOUR_MS = 60 * 60_000;

export async function payoutCoolingMs(settings: Pick<SettingsService, 'get'>): Promise<number> {
  const hours = Number(await settings.get('payout_cooling_hours'));
  return Number.isFinite(hours) && hours > 0 ? hours * HOUR_MS : 0;
}

/** When a method bound at `boundAtMs` may first be used; undefined when it may be used at `nowMs`. */
export function usableFromMs(boundAtMs: number, coolingMs: number, nowMs: number): number | undefined {
  const from = boundAtMs + coolingMs;
  return nowMs < from ? from : undefined;
}
