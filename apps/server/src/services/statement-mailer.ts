/**
 * The monthly statement by e-mail. A user opts in (with the language and time zone the statement
 * is written in: the request's language, and the zone it names or else the user's own zone from
 * user-locales.ts, UTC when the app never sent one); in the first days of each month, in that zone, the previous month's statement
 * goes to them as a PDF attachment through the e-mail sender (SMTP, or the outbox).
 *
 * Once per user and month, on one node or many, across restarts: a row (user, month) is claimed
 * under a primary key before sending and marked sent after, so a second node or a second run finds
 * it taken. A send that fails gives the claim back for the next run; a node that dies between
 * claim and mark leaves a claim that a later run takes over once it is old. Only the node that owns
 * the book runs the rounds (as the account snapshots do), which keeps the others from queueing on
 * the same claims.
 */
import { isLanguage, type Language, type StatementMail } from '@omp/protocol';
import type { MessageSender } from '../adapters/messaging/message-sender.ts';
import { refused } from '../domain/errors.ts';
import { translate } from '../i18n/translate.ts';
import type { StatementRepository } from '../repositories/statement-repository.ts';
import type { UserRecord } from '../repositories/user-repository.ts';
import { checkedTimeZone, localDay, previousMonth, timeZoneOrUndefined } from './statement-range.ts';
import { statementPdfBytes } from './statement-pdf.ts';
import type { StatementService } from './statement-service.ts';
import type { UserLocales } from './user-locales.ts';

const ownZone = (zone: string | undefined) => (zone && timeZoneOrUndefined(zone)) || 'UTC';

/** The days of a month (1 to this) on which last month's statement still goes out. */
export const MONTHLY_SEND_DAYS = 7;
/** A claim this old without a send is taken to be lost with the node that made it. */
const CLAIM_STALE_MS = 30 * 60_000;
const BATCH = 200;

export interface StatementMailerDeps {
  repository: StatementRepository;
  statements: StatementService;
  mail: MessageSender;
  users: { byId(id: number): Promise<UserRecord | undefined> };
  /** The user's own language and zone: what a subscription lacks or no longer knows. */
  locales: Pick<UserLocales, 'of'>;
  runsHere: () => boolean;
  now: () => number;
  everyMs: number;
  logError: (error: unknown, message: string) => void;
}

export class StatementMailer {
  private readonly deps: StatementMailerDeps;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> = Promise.resolve(0);

  constructor(deps: StatementMailerDeps) {
    this.deps = deps;
  }

  /** The real account a choice is about: an own demo session chooses for its owner. */
  private ownerIdOf(user: UserRecord): number | undefined {
    return user.isDemo ? (user.demoOf ?? undefined) : user.id;
  }

  async choice(user: UserRecord): Promise<StatementMail> {
    const ownerId = this.ownerIdOf(user);
    if (ownerId === undefined) return { monthly: false, email: null };
    const owner = ownerId === user.id ? user : await this.deps.users.byId(ownerId);
    const subscription = await this.deps.repository.subscription(ownerId);
    return { monthly: subscription !== undefined, email: owner?.email ?? null };
  }

  async choose(
    user: UserRecord,
    monthly: boolean,
    lang: Language,
    tz: string | undefined,
  ): Promise<StatementMail> {
    const ownerId = this.ownerIdOf(user);
    if (ownerId === undefined) throw refused('statement.no_real_account');
    const owner = ownerId === user.id ? user : await this.deps.users.byId(ownerId);
    if (monthly) {
      if (!owner?.email) throw refused('statement.mail_needs_email');
      const zone = tz ?? (await this.deps.locales.of(ownerId)).timeZone;
      await this.deps.repository.subscribe(ownerId, lang, checkedTimeZone(zone), this.deps.now());
    } else await this.deps.repository.unsubscribe(ownerId);
    return { monthly, email: owner?.email ?? null };
  }

  start(): void {
    this.timer = setInterval(() => {
      this.running = this.running.then(() => this.runOnce());
    }, this.deps.everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One round over every subscriber: answers how many statements this round sent. */
  async runOnce(): Promise<number> {
    if (!this.deps.runsHere()) return 0;
    let sent = 0;
    let after = 0;
    for (;;) {
      const batch = await this.deps.repository.subscribers(after, BATCH);
      for (const subscriber of batch) {
        try {
          if (await this.sendTo(subscriber.userId, subscriber.email!, subscriber.lang, subscriber.timeZone))
            sent += 1;
        } catch (error) {
          this.deps.logError(error, `the monthly statement of user ${subscriber.userId} was not sent`);
        }
      }
      if (batch.length < BATCH) return sent;
      after = batch.at(-1)!.userId;
    }
  }

  private async sendTo(userId: number, email: string, langText: string, zoneText: string): Promise<boolean> {
    const { repository, now } = this.deps;
    const atMs = now();
    // A zone or language the runtime stopped knowing falls back to the user's own, then to UTC and
    // English, rather than stopping the statements.
    const own = () => this.deps.locales.of(userId);
    const tz = timeZoneOrUndefined(zoneText) ?? ownZone((await own()).timeZone);
    if (Number(localDay(atMs, tz).slice(8, 10)) > MONTHLY_SEND_DAYS) return false;
    const range = previousMonth(atMs, tz);
    if (!(await repository.claimMonth(userId, range.month, atMs, atMs - CLAIM_STALE_MS))) return false;
    try {
      const account = await this.deps.users.byId(userId);
      if (!account) throw new Error(`user ${userId} is gone`);
      const lang = isLanguage(langText) ? langText : ((await own()).lang ?? 'en');
      const statement = await this.deps.statements.ofAccount(account, range, lang);
      const pdf = await statementPdfBytes(statement, lang, atMs);
      const params = {
        month: range.month,
        tz,
        opening: statement.totals.opening,
        closing: statement.totals.closing,
      };
      await this.deps.mail.send({
        to: email,
        subject: translate(lang, 'statement.mail_subject', params),
        text: translate(lang, 'statement.mail_body', params),
        attachments: [
          { filename: `statement-${range.month}.pdf`, contentType: 'application/pdf', content: pdf },
        ],
      });
    } catch (error) {
      await repository.releaseClaim(userId, range.month);
      throw error;
    }
    await repository.markSent(userId, range.month, now());
    return true;
  }
}
