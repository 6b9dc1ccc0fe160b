/**
 * Changing the e-mail address or mobile number a user signs in with: a code proves the new address
 * is theirs, the password proves the request is the user's own (a session left open on a shared
 * phone is not enough), and the old address is told, so a takeover that changes it is noticed where
 * the owner still reads. An address another account uses is refused, before the code and at the
 * change (the unique index decides when two ask at once).
 */
import { CodePurpose, type IdentifierType, type Language } from '@omp/protocol';
import { refused } from '../domain/errors.ts';
import type { EventBus } from '../events/event-bus.ts';
import { isUniqueViolation } from '../repositories/unit-of-work.ts';
import type { UserRecord, UserRepository } from '../repositories/user-repository.ts';
import type { AuthService, Identifier } from './auth-service.ts';
import { noticeTime, type NoticeAddress, type SecurityNotices } from './security-notices.ts';
import type { VerificationService } from './verification-service.ts';

export interface ContactChangeOptions {
  users: Pick<UserRepository, 'setContact'>;
  auth: Pick<AuthService, 'identify' | 'findUser' | 'checkCurrentPassword' | 'forgetUser'>;
  codes: Pick<VerificationService, 'sendCode' | 'verifyCode'>;
  notices: Pick<SecurityNotices, 'tellAt'>;
  events?: Pick<EventBus, 'publish'> | undefined;
  now: () => number;
}

export interface NewContact {
  type: IdentifierType;
  to: string;
  areaId: number | undefined;
}

export class ContactChange {
  private readonly o: ContactChangeOptions;

  constructor(options: ContactChangeOptions) {
    this.o = options;
  }

  /** Sends a code to the new address, once it is known to be free. */
  async sendCode(user: UserRecord, contact: NewContact, ip: string, lang: Language): Promise<void> {
    const identifier = await this.freeAddress(user, contact);
    await this.o.codes.sendCode({
      channel: identifier.channel,
      address: identifier.address,
      purpose: CodePurpose.contactChange,
      ip,
      lang,
      messageKey: 'contact.code_message',
    });
  }

  async change(
    user: UserRecord,
    contact: NewContact & { code: string; password: string },
    ip: string,
    lang: Language,
  ): Promise<void> {
    const identifier = await this.freeAddress(user, contact);
    await this.o.auth.checkCurrentPassword(user, contact.password, ip);
    await this.o.codes.verifyCode(identifier.address, CodePurpose.contactChange, contact.code);
    try {
      await this.o.users.setContact(
        user.id,
        identifier.channel === 'email'
          ? { email: identifier.address }
          : { mobile: identifier.address, areaId: contact.areaId ?? null },
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw refused('contact.address_taken');
      throw error;
    }
    // Cached sessions hold the user's record: every node reads the new address from now on.
    this.o.auth.forgetUser(user.id);
    this.o.events?.publish('user_changed', { userId: user.id });
    const old = this.oldAddress(user, identifier.channel);
    if (old)
      this.o.notices.tellAt(
        user.id,
        old,
        identifier.channel === 'email' ? 'email_changed' : 'mobile_changed',
        { address: identifier.address, time: noticeTime(this.o.now()), ip },
        lang,
      );
  }

  /** The address being replaced; when the user had none of that kind, the one they do have. */
  private oldAddress(user: UserRecord, channel: 'email' | 'sms'): NoticeAddress | undefined {
    const email = user.email ? ({ channel: 'email', address: user.email } as const) : undefined;
    const mobile = user.mobile ? ({ channel: 'sms', address: user.mobile } as const) : undefined;
    return channel === 'email' ? (email ?? mobile) : (mobile ?? email);
  }

  private async freeAddress(user: UserRecord, contact: NewContact): Promise<Identifier> {
    const identifier = this.o.auth.identify(contact.type, contact.to, contact.areaId);
    const current = identifier.channel === 'email' ? user.email : user.mobile;
    if (current === identifier.address) throw refused('contact.same_address');
    if (await this.o.auth.findUser(identifier)) throw refused('contact.address_taken');
    return identifier;
  }
}
