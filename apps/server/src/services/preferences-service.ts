/**
 * The preferences a user keeps on the server, so they follow the user from device to device. Only
 * the names packages/protocol lists are kept, each value checked by its schema on the way in (the
 * route) and again on the way out: a value saved under rules that have since changed reads as never
 * saved, and the phone falls back to its defaults instead of failing.
 *
 * A real user's own demo account shares the real user's preferences: the chart is the trader's,
 * whichever account it trades. A visitor's demo account keeps its own (one browser holds it anyway).
 */
import { PREFERENCE_SCHEMAS, type Preference, type PreferenceName, type PreferenceSave } from '@omp/protocol';
import type { PreferencesRepository } from '../repositories/preferences-repository.ts';
import type { UserRecord } from '../repositories/user-repository.ts';

type PreferenceOwner = Pick<UserRecord, 'id' | 'demoOf'>;

export class PreferencesService {
  private readonly repository: PreferencesRepository;
  private readonly now: () => number;

  constructor(options: { repository: PreferencesRepository; now: () => number }) {
    this.repository = options.repository;
    this.now = options.now;
  }

  async read(user: PreferenceOwner, name: PreferenceName): Promise<Preference> {
    const stored = await this.repository.find(ownerIdOf(user), name);
    const value = stored ? PREFERENCE_SCHEMAS[name].safeParse(parseJson(stored.value)) : undefined;
    if (!stored || !value?.success) return { name, value: null, updated_at: null };
    return { name, value: value.data, updated_at: unixSecondsOf(stored.updatedAt) };
  }

  /** Saves a value the route's schema accepted and answers it as kept. */
  async save(user: PreferenceOwner, preference: PreferenceSave): Promise<Preference> {
    const nowMs = this.now();
    await this.repository.save(ownerIdOf(user), preference.name, JSON.stringify(preference.value), nowMs);
    return { ...preference, updated_at: unixSecondsOf(nowMs) };
  }
}

const unixSecondsOf = (ms: number) => Math.floor(ms / 1000);

const ownerIdOf = (user: PreferenceOwner) => user.demoOf ?? user.id;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
