/**
 * The retail risk warning (docs/decisions/0022): "74.2% of retail investor accounts lose money …".
 * The figure is the share of real accounts whose trades closed over the last twelve months lost
 * money net of fees (repositories/risk-warning-repository.ts). It is computed on a timer and kept
 * in memory, so the warning every screen asks for costs no database work; below MIN_ACCOUNTS
 * accounts no figure is shown, only a text without one.
 *
 * Texts: staff set one per language, where `{percent}` stands for the figure; a language staff did
 * not set shows its default (the server's catalogs). Every node keeps the staff texts in memory and
 * takes a change from the event that announced it (`risk_warning_changed`).
 */
import {
  LANGUAGES,
  RISK_WARNING_PERCENT_PLACEHOLDER,
  type Language,
  type RiskWarning,
  type StaffRiskWarning,
} from '@omp/protocol';
import type { EventBus } from '../events/event-bus.ts';
import { translate } from '../i18n/translate.ts';
import { changedValues, type AuditEntry } from '../repositories/audit-repository.ts';
import type { LossShareCount, RiskWarningRepository } from '../repositories/risk-warning-repository.ts';
import type { Tx } from '../repositories/unit-of-work.ts';

/**
 * Below this many accounts the figure says little (one account moves it by over ten points) and
 * could tell one trader's result to another, so the warning goes without it.
 */
export const MIN_ACCOUNTS = 10;
export const WINDOW_MONTHS = 12;

export interface LossShareFigure extends LossShareCount {
  /** Percent with one decimal, "74.2"; null below MIN_ACCOUNTS. */
  percent: string | null;
  computedAtMs: number;
}

/** losing / accounts as a percent with one decimal, rounded half up, in integers only. */
export function percentText(losing: number, accounts: number): string {
  const tenths = Math.floor((losing * 2000 + accounts) / (2 * accounts));
  return `${Math.floor(tenths / 10)}.${tenths % 10}`;
}

/** The start of the twelve months before `nowMs`: the same moment a year earlier, UTC. */
export function windowStartMs(nowMs: number): number {
  const start = new Date(nowMs);
  start.setUTCMonth(start.getUTCMonth() - WINDOW_MONTHS);
  return start.getTime();
}

export interface RiskWarningServiceOptions {
  repository: RiskWarningRepository;
  events: Pick<EventBus, 'publish' | 'subscribe'>;
  writeAudit: (trx: Tx, entry: AuditEntry) => Promise<void>;
  now: () => number;
  logError: (error: unknown, message: string) => void;
}

export class RiskWarningService {
  private readonly options: RiskWarningServiceOptions;
  private figure: LossShareFigure | undefined;
  private staffTexts = new Map<string, string>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly unsubscribe: () => void;

  constructor(options: RiskWarningServiceOptions) {
    this.options = options;
    this.unsubscribe = options.events.subscribe('risk_warning_changed', (event) => {
      this.staffTexts = new Map(Object.entries(event.texts));
    });
  }

  /** Reads the staff texts and computes the figure once; then every `intervalMs`. */
  async start(intervalMs: number): Promise<void> {
    this.staffTexts = await this.options.repository.texts();
    await this.refresh();
    this.timer = setInterval(() => {
      this.refresh().catch((error: unknown) =>
        this.options.logError(error, 'risk warning figure refresh failed; the previous figure stays'),
      );
    }, intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.unsubscribe();
  }

  /** Computes the figure now (the timer, a start, tests). */
  async refresh(): Promise<LossShareFigure> {
    const nowMs = this.options.now();
    const count = await this.options.repository.countLossShare(windowStartMs(nowMs), nowMs + 1);
    this.figure = {
      ...count,
      percent: count.accounts >= MIN_ACCOUNTS ? percentText(count.losingAccounts, count.accounts) : null,
      computedAtMs: nowMs,
    };
    return this.figure;
  }

  /** The text for a language with the figure in it, or the text without a figure. */
  textFor(lang: Language): string {
    const percent = this.figure?.percent ?? null;
    const template = this.staffTexts.get(lang) ?? defaultText(lang);
    if (!template.includes(RISK_WARNING_PERCENT_PLACEHOLDER)) return template;
    if (percent === null) return fallbackText(lang);
    return template.replaceAll(RISK_WARNING_PERCENT_PLACEHOLDER, percent);
  }

  /** The public warning; `acknowledged` tells a signed-in real user whether they were asked yet. */
  warning(lang: Language, acknowledged: boolean | null): RiskWarning {
    const figure = this.figure;
    return {
      text: this.textFor(lang),
      percent: figure?.percent ?? null,
      window_months: WINDOW_MONTHS,
      accounts: figure?.accounts ?? 0,
      computed_at: figure ? Math.floor(figure.computedAtMs / 1000) : null,
      acknowledged,
    };
  }

  staffView(): StaffRiskWarning {
    const figure = this.figure;
    return {
      texts: Object.fromEntries(this.staffTexts),
      defaults: Object.fromEntries(LANGUAGES.map((lang) => [lang, defaultText(lang)])),
      fallbacks: Object.fromEntries(LANGUAGES.map((lang) => [lang, fallbackText(lang)])),
      figure: {
        percent: figure?.percent ?? null,
        accounts: figure?.accounts ?? 0,
        losing_accounts: figure?.losingAccounts ?? 0,
        min_accounts: MIN_ACCOUNTS,
        window_months: WINDOW_MONTHS,
        computed_at: figure ? Math.floor(figure.computedAtMs / 1000) : null,
      },
    };
  }

  /**
   * A staff change of texts: stored with its audit row (the texts before and after) in one
   * transaction, then announced with every staff text, so every node shows the new ones at once.
   */
  async changeTexts(staffId: number, texts: Partial<Record<Language, string>>): Promise<StaffRiskWarning> {
    const { repository } = this.options;
    const atMs = this.options.now();
    const entries = Object.entries(texts).filter(
      (entry): entry is [Language, string] => entry[1] !== undefined,
    );
    const stored = await repository.transaction(async (trx) => {
      const before = await repository.texts(trx);
      await repository.saveTexts(trx, entries, atMs);
      const after = await repository.texts(trx);
      // The languages whose text changed; the same texts saved again are no change.
      const changed = changedValues(
        Object.fromEntries(entries.map(([lang]) => [lang, before.get(lang) ?? null])),
        Object.fromEntries(entries.map(([lang]) => [lang, after.get(lang) ?? null])),
      );
      if (changed)
        await this.options.writeAudit(trx, {
          staffId,
          action: 'risk_warning.update',
          targetType: 'risk_warning',
          targetId: 0,
          ...changed,
          atMs,
        });
      return after;
    });
    this.options.events.publish('risk_warning_changed', { texts: Object.fromEntries(stored) });
    return this.staffView();
  }

  async acknowledgedAt(userId: number): Promise<number | undefined> {
    return this.options.repository.acknowledgedAt(userId);
  }

  acknowledge(userId: number): Promise<number> {
    return this.options.repository.acknowledge(userId, this.options.now());
  }
}

export const defaultText = (lang: Language) => translate(lang, 'risk_warning.with_figure');
export const fallbackText = (lang: Language) => translate(lang, 'risk_warning.without_figure');
