/**
 * A user's locale: the language and time zone they last used the app in. It is the one place every
 * message written to a user outside a request of theirs takes its words from: security notices
 * (including those a staff action causes), the notification centre's e-mail and push, a code staff
 * send, and the monthly statement's zone when its opt-in named none (docs/decisions/0018).
 *
 * Signed-in requests keep it current, cheaply: a node remembers what it last knew of each user and
 * compares the request's `lang` (and `time-zone`) header with that; a request that matches costs
 * nothing, a difference costs one read and, when the stored value differs too, one write. What a
 * node remembers is trusted for LOCALE_RECHECK_MS only, so a change another node of a cluster wrote
 * is caught up with within that time while the user keeps using the app here.
 */
import { isLanguage, type Language } from '@omp/protocol';
import type { UserLocaleRepository } from '../repositories/user-locale-repository.ts';

export const LOCALE_RECHECK_MS = 5 * 60_000;
/** Users remembered; past it the memory starts again (a read each, once). */
const REMEMBERED_MAX = 100_000;

/** The language messages fall back to for a user the app has never heard from. */
export const FALLBACK_LANGUAGE: Language = 'en';

export interface UserLocale {
  lang: Language | undefined;
  timeZone: string | undefined;
}

interface Remembered {
  lang: string;
  timeZone: string | null;
  checkedAtMs: number;
}

export interface UserLocalesOptions {
  repository: UserLocaleRepository;
  now: () => number;
  logError: (error: unknown, message: string) => void;
}

const sameAs = (stored: { lang: string; timeZone: string | null }, lang: string, timeZone?: string) =>
  stored.lang === lang && (timeZone === undefined || stored.timeZone === timeZone);

export class UserLocales {
  private readonly o: UserLocalesOptions;
  private readonly remembered = new Map<number, Remembered>();
  private readonly pending = new Map<number, Promise<void>>();

  constructor(options: UserLocalesOptions) {
    this.o = options;
  }

  /**
   * A signed-in request of the user spoke `lang` (and named a zone, when it did). Resolves once the
   * locale is stored; a failure is logged, never thrown: the request goes on either way.
   */
  async spoke(userId: number, lang: Language, timeZone: string | undefined): Promise<void> {
    // The app's first calls arrive together: one of them checks, the others wait for its answer.
    for (let waiting = this.pending.get(userId); waiting; waiting = this.pending.get(userId)) await waiting;
    if (this.knownAs(userId, lang, timeZone)) return;
    const work = this.store(userId, lang, timeZone)
      .catch((error: unknown) => this.o.logError(error, `storing the locale of user ${userId} failed`))
      .finally(() => this.pending.delete(userId));
    this.pending.set(userId, work);
    await work;
  }

  /**
   * Whether `spoke` would find nothing to do: what this node remembers of the user matches and is
   * fresh, and no check of theirs is under way. Lets a request skip waiting for `spoke`.
   */
  knows(userId: number, lang: Language, timeZone: string | undefined): boolean {
    return !this.pending.has(userId) && this.knownAs(userId, lang, timeZone);
  }

  /** The stored locale, read fresh: a message may be sent from any node of a cluster. */
  async of(userId: number): Promise<UserLocale> {
    const stored = await this.o.repository.of(userId);
    return {
      lang: stored && isLanguage(stored.language) ? stored.language : undefined,
      timeZone: stored?.timeZone ?? undefined,
    };
  }

  /** The language to write to the user in: their own, else `fallback` (the asking request's). */
  async languageOf(userId: number, fallback: Language = FALLBACK_LANGUAGE): Promise<Language> {
    return (await this.of(userId)).lang ?? fallback;
  }

  /** The languages to write to many users in (a cascade's notifications), read in one go. */
  async languagesOf(
    userIds: readonly number[],
    fallback: Language = FALLBACK_LANGUAGE,
  ): Promise<Map<number, Language>> {
    const stored = await this.o.repository.languagesOf(userIds);
    const languages = new Map<number, Language>();
    for (const userId of userIds) {
      const language = stored.get(userId);
      languages.set(userId, language !== undefined && isLanguage(language) ? language : fallback);
    }
    return languages;
  }

  private knownAs(userId: number, lang: Language, timeZone: string | undefined): boolean {
    const known = this.remembered.get(userId);
    if (!known) return false;
    const nowMs = this.o.now();
    const fresh = nowMs >= known.checkedAtMs && nowMs - known.checkedAtMs < LOCALE_RECHECK_MS;
    return fresh && sameAs(known, lang, timeZone);
  }

  private async store(userId: number, lang: Language, timeZone: string | undefined): Promise<void> {
    const stored = await this.o.repository.of(userId);
    const nowMs = this.o.now();
    if (!stored || !sameAs({ lang: stored.language, timeZone: stored.timeZone }, lang, timeZone))
      await this.o.repository.save(userId, lang, timeZone, nowMs);
    if (this.remembered.size >= REMEMBERED_MAX) this.remembered.clear();
    this.remembered.set(userId, { lang, timeZone: timeZone ?? stored?.timeZone ?? null, checkedAtMs: nowMs });
  }
}
