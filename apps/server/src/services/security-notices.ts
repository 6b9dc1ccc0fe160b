/**
 * Security notices: a sign-in from a new device, a changed password, a new payout method, a
 * changed e-mail address or mobile number. They leave through the same senders as verification
 * codes (SMTP or the outbox for e-mail, the SMS provider or the outbox for text messages), to the
 * user's e-mail address, or to their mobile number when they have no e-mail, in the language the
 * app spoke when it happened (the server keeps no language per user).
 *
 * A notice that cannot be sent is logged and does not undo what it tells of: a sign-in or a
 * password change must not fail because the mail server is down.
 */
import type { Language } from '@omp/protocol';
import type { MessageSender } from '../adapters/messaging/message-sender.ts';
import { translate, type MessageParams } from '../i18n/translate.ts';
import type { UserRecord, UserRepository } from '../repositories/user-repository.ts';
import { timeText } from '../wire/trading-wire.ts';

export type NoticeKind =
  'new_device' | 'password_changed' | 'payout_bound' | 'email_changed' | 'mobile_changed';

export interface NoticeAddress {
  channel: 'email' | 'sms';
  address: string;
}

export interface SecurityNoticesOptions {
  users: Pick<UserRepository, 'byId'>;
  mail: MessageSender;
  sms: MessageSender;
  logError: (error: unknown, message: string) => void;
}

/** A moment as every notice words it: UTC, so it reads the same wherever it is opened. */
export const noticeTime = (ms: number) => `${timeText(ms)} UTC`;

export class SecurityNotices {
  private readonly o: SecurityNoticesOptions;

  constructor(options: SecurityNoticesOptions) {
    this.o = options;
  }

  /** Where a user's notices go: their e-mail address, else their mobile number; none for demo users. */
  addressOf(user: Pick<UserRecord, 'email' | 'mobile'>): NoticeAddress | undefined {
    if (user.email) return { channel: 'email', address: user.email };
    if (user.mobile) return { channel: 'sms', address: user.mobile };
    return undefined;
  }

  /** Tells the user, at their own address, when they have one. */
  async tellUser(userId: number, kind: NoticeKind, params: MessageParams, lang: Language): Promise<void> {
    const user = await this.o.users.byId(userId);
    const to = user && !user.isDemo ? this.addressOf(user) : undefined;
    if (to) await this.send(to, kind, params, lang);
  }

  async send(to: NoticeAddress, kind: NoticeKind, params: MessageParams, lang: Language): Promise<void> {
    const sender = to.channel === 'email' ? this.o.mail : this.o.sms;
    try {
      await sender.send({
        to: to.address,
        subject: translate(lang, `notice.${kind}.subject`),
        text: `${translate(lang, `notice.${kind}.body`, params)}\n\n${translate(lang, 'notice.not_you')}`,
      });
    } catch (error) {
      this.o.logError(error, `a ${kind} notice to ${to.channel} could not be sent`);
    }
  }
}
