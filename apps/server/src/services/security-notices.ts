/**
 * Security notices: a sign-in from a new device, a changed password, a new payout method, a
 * changed e-mail address or mobile number, two-step sign-in turned on, off or reset by staff. They
 * leave through the same senders as verification codes (SMTP or the outbox for e-mail, the SMS
 * provider or the outbox for text messages), to the user's e-mail address, or to their mobile
 * number when they have no e-mail.
 *
 * They are written in the user's own language (user-locales.ts), not the language of the request
 * that caused them: a notice is for the account's owner, and what caused it may be a staff action
 * or someone else's browser, the very case it exists to tell of. The request's language serves
 * only a user the app has no language of yet.
 *
 * A notice leaves in the background: what it tells of (a sign-in, a new password) neither waits
 * for the mail server nor fails with it. One that cannot be sent is logged; `idle` waits for those
 * under way (a graceful stop, a test reading the mailbox).
 */
import type { Language } from '@omp/protocol';
import type { MessageSender } from '../adapters/messaging/message-sender.ts';
import { translate, type MessageParams } from '../i18n/translate.ts';
import type { UserRecord, UserRepository } from '../repositories/user-repository.ts';
import { timeText } from '../wire/trading-wire.ts';
import type { UserLocales } from './user-locales.ts';
import { BackgroundWork } from './background-work.ts';

export type NoticeKind =
  | 'new_device'
  | 'password_changed'
  | 'payout_bound'
  | 'email_changed'
  | 'mobile_changed'
  | 'two_factor_on'
  | 'two_factor_off'
  | 'two_factor_reset';

export interface NoticeAddress {
  channel: 'email' | 'sms';
  address: string;
}

export interface SecurityNoticesOptions {
  users: Pick<UserRepository, 'byId'>;
  locales: Pick<UserLocales, 'languageOf'>;
  mail: MessageSender;
  sms: MessageSender;
  logError: (error: unknown, message: string) => void;
}

/**
 * How a notice ends: "if this was not you" fits what the user might have done; a change staff made
 * ends with what to do if the user did not ask for it.
 */
const closingKey = (kind: NoticeKind) =>
  kind === 'two_factor_reset' ? 'notice.not_asked' : 'notice.not_you';

/** A moment as every notice words it: UTC, so it reads the same wherever it is opened. */
export const noticeTime = (ms: number) => `${timeText(ms)} UTC`;

export class SecurityNotices {
  private readonly o: SecurityNoticesOptions;
  private readonly underway = new BackgroundWork();

  constructor(options: SecurityNoticesOptions) {
    this.o = options;
  }

  /** Where a user's notices go: their e-mail address, else their mobile number; none for demo users. */
  addressOf(user: Pick<UserRecord, 'email' | 'mobile'>): NoticeAddress | undefined {
    if (user.email) return { channel: 'email', address: user.email };
    if (user.mobile) return { channel: 'sms', address: user.mobile };
    return undefined;
  }

  /**
   * Tells the user, at their own address when they have one, in the background. `requestLang` is
   * the language of the user's own request that caused it, if any: used only when the user has no
   * language stored.
   */
  tellUser(userId: number, kind: NoticeKind, params: MessageParams, requestLang?: Language): void {
    this.inBackground(kind, async () => {
      const user = await this.o.users.byId(userId);
      const to = user && !user.isDemo ? this.addressOf(user) : undefined;
      if (to) await this.send(userId, to, kind, params, requestLang);
    });
  }

  /** Tells the user at the address given (an address being replaced), in the user's language. */
  tellAt(
    userId: number,
    to: NoticeAddress,
    kind: NoticeKind,
    params: MessageParams,
    requestLang?: Language,
  ): void {
    this.inBackground(kind, () => this.send(userId, to, kind, params, requestLang));
  }

  /** Resolves once every notice under way has been sent or given up. */
  idle(): Promise<void> {
    return this.underway.idle();
  }

  private inBackground(kind: NoticeKind, work: () => Promise<void>): void {
    void this.underway.track(
      work().catch((error: unknown) => this.o.logError(error, `a ${kind} notice could not be sent`)),
    );
  }

  private async send(
    userId: number,
    to: NoticeAddress,
    kind: NoticeKind,
    params: MessageParams,
    requestLang?: Language,
  ): Promise<void> {
    const sender = to.channel === 'email' ? this.o.mail : this.o.sms;
    const lang = await this.o.locales.languageOf(userId, requestLang);
    await sender.send({
      to: to.address,
      subject: translate(lang, `notice.${kind}.subject`),
      text: `${translate(lang, `notice.${kind}.body`, params)}\n\n${translate(lang, closingKey(kind))}`,
    });
  }
}
