/**
 * Captchas and one-time codes. Rules (docs/decisions/0003-accounts.md):
 * - a captcha guards every code send by a visitor, is single use, and a wrong answer costs it;
 * - codes are 6 digits, stored hashed, single use, expire after 10 minutes, allow 5 wrong tries;
 * - an address takes at most 15 wrong tries a day over all its codes: new codes bring new tries,
 *   so without it an address would take 5 sends x 5 tries every hour, a 1-in-1,667 chance a day of
 *   guessing one (and of taking over the account through a password reset);
 * - a code a staff member sends (a reset from the back office) passes both daily bounds above and
 *   the hourly one below: a stranger can use those up on purpose to keep the owner out;
 * - a new code for the same address no sooner than 60 s, at most 5 an hour and 10 a day per address
 *   and 20 an hour per IP, which bounds what an attacker can make us send (a captcha solved for
 *   each send, 5 an hour alone would let anyone flood one mailbox with 120 codes a day, every day).
 *   Those limits are counted and the
 *   new code recorded under the locks of its address and of its IP (services/keyed-locks.ts), so
 *   requests racing on one node or several cannot all pass the count.
 */
import { addressUnit } from '../domain/address-unit.ts';
import { createHash, randomBytes, randomInt } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import { ResponseCode, type Language } from '@omp/protocol';
import type { MessageSender } from '../adapters/messaging/message-sender.ts';
import { DomainError, invalid } from '../domain/errors.ts';
import { translate } from '../i18n/translate.ts';
import type { VerificationRepository } from '../repositories/verification-repository.ts';
import { withLocks, type KeyedLocks } from './keyed-locks.ts';

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_RESEND_MS = 60_000;
export const CODE_MAX_PER_ADDRESS_PER_HOUR = 5;
export const CODE_MAX_PER_ADDRESS_PER_DAY = 10;
export const CODE_MAX_PER_IP_PER_HOUR = 20;
export const CODE_MAX_WRONG_TRIES = 5;
export const CODE_MAX_WRONG_TRIES_PER_ADDRESS_PER_DAY = 15;
const CAPTCHA_TTL_MS = 5 * 60_000;
const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

// The package's default export also draws a given text, but its typings only declare `create`.
const drawCaptchaText = svgCaptcha as unknown as (text: string, options: object) => string;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export interface VerificationServiceOptions {
  repository: VerificationRepository;
  mail: MessageSender;
  sms: MessageSender;
  now: () => number;
  log: (message: string) => void;
  locks: KeyedLocks;
  /** Browser tests only (CAPTCHA_TEST_ANSWER): the text every captcha shows and accepts. */
  fixedCaptchaText?: string | undefined;
}

export class VerificationService {
  private readonly options: VerificationServiceOptions;

  constructor(options: VerificationServiceOptions) {
    this.options = options;
  }

  /** The e-mail sender codes leave through; security notices use the same one. */
  get mailSender(): MessageSender {
    return this.options.mail;
  }

  get smsSender(): MessageSender {
    return this.options.sms;
  }

  async createCaptcha(): Promise<{ id: string; b64s: string }> {
    const look = { noise: 2, color: true, width: 120, height: 44 };
    const fixed = this.options.fixedCaptchaText;
    const captcha = fixed
      ? { text: fixed, data: drawCaptchaText(fixed, look) }
      : svgCaptcha.create({ ...look, size: 4, ignoreChars: '0oO1iIlL' });
    const id = randomBytes(16).toString('base64url');
    const now = this.options.now();
    await this.options.repository.insertCaptcha(id, sha256(captcha.text.toLowerCase()), now + CAPTCHA_TTL_MS);
    await this.options.repository.deleteExpiredCaptchas(now);
    return { id, b64s: `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}` };
  }

  async checkCaptcha(id: string | undefined, answer: string | undefined): Promise<void> {
    if (!id || !answer) throw invalid('captcha_required');
    const stored = await this.options.repository.takeCaptcha(id, this.options.now());
    if (!stored || stored.answerHash !== sha256(answer.trim().toLowerCase())) throw invalid('captcha_wrong');
  }

  async sendCode(input: {
    channel: 'email' | 'sms';
    address: string;
    purpose: number;
    ip: string;
    lang: Language;
    /** The message around the code; by default the one a user asked for. */
    messageKey?: string;
    /**
     * Sent by a staff member's decision (a password reset), signed in and audited: the address's
     * limits hold, the network's do not. A desk resetting passwords all day from one office would
     * otherwise be stopped by the limit that holds back anonymous sign-ups.
     */
    byStaff?: boolean;
  }) {
    // Both keys at once (taken in a fixed order): the address's limits and the IP's are each exact
    // only if no other send to that address, or from that IP, counts between our count and insert.
    // Held for the counting and the insert only; the message goes out after.
    const code = await withLocks(
      this.options.locks,
      [`codes:address:${input.address}`, ...(input.byStaff ? [] : [`codes:ip:${addressUnit(input.ip)}`])],
      () => this.recordCode(input),
    );
    const sender = input.channel === 'email' ? this.options.mail : this.options.sms;
    const message = {
      to: input.address,
      subject: translate(input.lang, 'code_email_subject'),
      text: translate(input.lang, input.messageKey ?? 'code_message', {
        code,
        minutes: CODE_TTL_MS / 60_000,
      }),
    };
    try {
      await sender.send(message);
    } catch (error) {
      this.options.log(`sending a code by ${input.channel} failed: ${String(error)}`);
      throw new DomainError(ResponseCode.internal, 'code_send_failed');
    }
  }

  /** Checks the sending limits and records a new code; answers the code to send. */
  private async recordCode(input: {
    channel: 'email' | 'sms';
    address: string;
    purpose: number;
    ip: string;
    byStaff?: boolean;
  }): Promise<string> {
    const { repository, now } = this.options;
    const nowMs = now();
    const last = await repository.lastCodeSentAt(input.address, input.purpose);
    if (last !== undefined && nowMs - last < CODE_RESEND_MS) {
      throw new DomainError(ResponseCode.rateLimited, 'code_resend_wait', {
        seconds: Math.ceil((CODE_RESEND_MS - (nowMs - last)) / 1000),
      });
    }
    // What holds back a stranger's sends; a staff member's reset is not held back by them (a
    // stranger can use them up on purpose, and a staff office shares its address with many).
    if (!input.byStaff) await this.checkSendBounds(input.address, input.ip, nowMs);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await repository.insertCode({
      channel: input.channel,
      address: input.address,
      purpose: input.purpose,
      codeHash: sha256(`${input.address}:${code}`),
      ip: input.ip,
      createdAt: nowMs,
      expiresAt: nowMs + CODE_TTL_MS,
      byStaff: input.byStaff ?? false,
    });
    return code;
  }

  /** The address's sends in the hour and the day, and the IP's in the hour, each below its bound. */
  private async checkSendBounds(address: string, ip: string, nowMs: number): Promise<void> {
    const { repository } = this.options;
    if (
      (await repository.countCodesSince('address', address, nowMs - HOUR_MS)) >= CODE_MAX_PER_ADDRESS_PER_HOUR
    )
      throw new DomainError(ResponseCode.rateLimited, 'code_address_limit');
    if (
      (await repository.countCodesSince('address', address, nowMs - DAY_MS)) >= CODE_MAX_PER_ADDRESS_PER_DAY
    )
      throw new DomainError(ResponseCode.rateLimited, 'code_address_daily_limit');
    if ((await repository.countCodesSince('ip', ip, nowMs - HOUR_MS)) >= CODE_MAX_PER_IP_PER_HOUR)
      throw new DomainError(ResponseCode.rateLimited, 'code_ip_limit');
  }

  /**
   * Checks and uses up a code; any failure names its reason. Under the address's lock (whatever the
   * purpose, as its daily count of wrong tries is), so tries racing at once cannot all pass the
   * counts of wrong tries (each is one more guess at six digits).
   */
  async verifyCode(address: string, purpose: number, code: string): Promise<void> {
    await this.options.locks.withLock(`codes:verify:${address}`, () =>
      this.checkCode(address, purpose, code),
    );
  }

  private async checkCode(address: string, purpose: number, code: string): Promise<void> {
    const { repository, now } = this.options;
    const live = await repository.liveCode(address, purpose);
    if (!live) throw invalid('code_invalid');
    if (live.expiresAt <= now()) throw invalid('code_expired');
    if (live.failedAttempts >= CODE_MAX_WRONG_TRIES) throw invalid('code_attempts_exceeded');
    // Before the comparison: once the address's guesses are used up, a right guess is refused too.
    // Not for a code staff sent: a stranger's guesses must not keep the owner from the reset that
    // support gave them (the code's own 5 tries still hold, and only staff can send another).
    if (
      !live.byStaff &&
      (await repository.countWrongCodeTriesSince(address, now() - DAY_MS)) >=
        CODE_MAX_WRONG_TRIES_PER_ADDRESS_PER_DAY
    )
      throw new DomainError(ResponseCode.rateLimited, 'code_address_attempts_exceeded');
    if (live.codeHash !== sha256(`${address}:${code.trim()}`)) {
      await repository.recordFailedCodeAttempt(live.id);
      throw invalid('code_invalid');
    }
    if (!(await repository.consumeCode(live.id, now()))) throw invalid('code_invalid');
  }
}
