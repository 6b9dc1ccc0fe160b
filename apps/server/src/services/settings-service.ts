/**
 * Platform settings with their defaults. Stored values override defaults; staff change them from
 * the back office and the change applies at once (`settings_changed` on the bus). Only keys
 * listed in PUBLIC_SETTING_KEYS may be read without a login.
 */
import { refused } from '../domain/errors.ts';
import type { EventBus } from '../events/event-bus.ts';
import { changedValues, writeAudit } from '../repositories/audit-repository.ts';
import type { MarketRepository } from '../repositories/market-repository.ts';
import { InProcessKeyedLocks, type KeyedLocks } from './keyed-locks.ts';

export const SETTING_DEFAULTS = {
  /** Which identifiers registration accepts: email, mobile or both. */
  verify_reg_type: 'both',
  /** Whether screens show the mobile-number option at all (1 yes, 0 no). */
  is_show_mobile: '1',
  /** 1: fee = lots x rate; otherwise margin x rate (packages/engine/SPEC.md M3). */
  trade_fee_type: '2',
  whatsapp_link: 'https://wa.me/',
  telegram_link: 'https://t.me/',
  service_link: '',
  service_link_type: 'frame',
  complaint_email: 'complaints@example.com',
  /**
   * Empty: the complaint page asks this server (/api/notify/complaint_email). Otherwise the https
   * origin of another host answering the same call, for brokers who run complaints elsewhere.
   */
  complaint_email_host: '',
  /** Starting balance of a demo account, USD. */
  demo_balance: '100000',
  main_mode: 'trade',
  /** Market orders and closes are refused when the quote is older than this, seconds. */
  stale_quote_s: '30',
  /** Percent margin level at which the user is warned. */
  margin_call_level: '100',
  /** Percent margin level at or below which positions are closed, largest loss first. */
  stop_out_level: '50',
  /** 1: only users with a certified identity may withdraw. */
  withdraw_requires_identity: '1',
  /** Hours a newly bound payout method waits before a withdrawal may go to it; 0: none. */
  payout_cooling_hours: '24',
} as const;

export type SettingKey = keyof typeof SETTING_DEFAULTS;
export const PUBLIC_SETTING_KEYS: readonly SettingKey[] = [
  'verify_reg_type',
  'is_show_mobile',
  'trade_fee_type',
  'whatsapp_link',
  'telegram_link',
  'service_link',
  'service_link_type',
  'complaint_email',
  'complaint_email_host',
  'main_mode',
];

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTING_DEFAULTS, key);
}

/** The margin levels are checked against each other: changes of either take turns (on every node). */
const LEVELS_LOCK = 'settings:margin-levels';

export class SettingsService {
  private readonly repository: MarketRepository;
  private readonly now: () => number;
  private readonly events: Pick<EventBus, 'publish'> | undefined;
  private readonly locks: KeyedLocks;

  constructor(
    repository: MarketRepository,
    now: () => number,
    events?: Pick<EventBus, 'publish'>,
    locks: KeyedLocks = new InProcessKeyedLocks(),
  ) {
    this.repository = repository;
    this.now = now;
    this.events = events;
    this.locks = locks;
  }

  /**
   * A staff change of settings: stored with its audit row (each key's value before and after) in
   * one transaction, then announced (`settings_changed`), so screens and nodes read them anew.
   */
  async changeByStaff(staffId: number, changes: ReadonlyArray<readonly [SettingKey, string]>): Promise<void> {
    const changed = new Map(changes);
    if (!changed.has('margin_call_level') && !changed.has('stop_out_level'))
      return this.store(staffId, changes);
    // Two changes racing (one of each level) must not each pass against the other's old value.
    await this.locks.withLock(LEVELS_LOCK, async () => {
      const level = async (key: 'margin_call_level' | 'stop_out_level') =>
        Number(changed.get(key) ?? (await this.get(key)));
      // Stop-out at or above the margin call would close positions before anyone is warned.
      if ((await level('stop_out_level')) >= (await level('margin_call_level')))
        throw refused('settings.stop_out_not_below_margin_call');
      await this.store(staffId, changes);
    });
  }

  /** Stores the changes with their audit row, then announces them. */
  private async store(staffId: number, changes: ReadonlyArray<readonly [SettingKey, string]>): Promise<void> {
    const atMs = this.now();
    await this.repository.changeSettings(changes, atMs, async (trx, stored) => {
      const before = Object.fromEntries(
        changes.map(([key]) => [key, stored.get(key) ?? SETTING_DEFAULTS[key]]),
      );
      // The keys whose value changed: a screen sends them all, and a save of the same is no change.
      const changed = changedValues(before, Object.fromEntries(changes));
      if (!changed) return;
      await writeAudit(trx, {
        staffId,
        action: 'setting.update',
        targetType: 'setting',
        targetId: 0,
        ...changed,
        atMs,
      });
    });
    this.events?.publish('settings_changed', {
      keys: changes.map(([key]) => key),
      values: Object.fromEntries(changes),
    });
  }

  async get(key: SettingKey): Promise<string> {
    return (await this.repository.getSetting(key)) ?? SETTING_DEFAULTS[key];
  }

  /** Every setting with its value now: the back office's settings screen. */
  async all(): Promise<Record<SettingKey, string>> {
    const keys = Object.keys(SETTING_DEFAULTS) as SettingKey[];
    const entries = await Promise.all(keys.map(async (key) => [key, await this.get(key)] as const));
    return Object.fromEntries(entries) as Record<SettingKey, string>;
  }

  async publicSettings(): Promise<Record<string, string>> {
    const entries = await Promise.all(
      PUBLIC_SETTING_KEYS.map(async (key) => [key, await this.get(key)] as const),
    );
    return Object.fromEntries(entries);
  }
}
