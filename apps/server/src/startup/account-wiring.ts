/**
 * Account safety and sign-in: the message senders and their log (the outbox), the verification
 * codes, the users' languages, the security notices, the second factor, the signed-in devices and
 * the sign-in itself. Built in this order because each takes the ones before it.
 */
import type { SecretBox } from '../security/secret-box.ts';
import type { EventBus } from '../events/event-bus.ts';
import {
  httpSmsSender,
  loggedSender,
  loggedText,
  outboxSender,
  type OutboxWriter,
  smtpMailSender,
} from '../adapters/messaging/message-sender.ts';
import { writeAudit } from '../repositories/audit-repository.ts';
import { SessionRepository } from '../repositories/session-repository.ts';
import { UserLocaleRepository } from '../repositories/user-locale-repository.ts';
import { UserRepository } from '../repositories/user-repository.ts';
import { VerificationRepository } from '../repositories/verification-repository.ts';
import type { PasswordHasher } from '../security/password-hasher.ts';
import { AuthService } from '../services/auth-service.ts';
import type { KeyedLocks } from '../services/keyed-locks.ts';
import { SecurityNotices } from '../services/security-notices.ts';
import { SessionDevices } from '../services/session-devices.ts';
import type { SettingsService } from '../services/settings-service.ts';
import { UserLocales } from '../services/user-locales.ts';
import { UserSecondFactor } from '../services/user-second-factor.ts';
import { VerificationService } from '../services/verification-service.ts';
import type { StartupBase } from './startup-base.ts';

export interface AccountWiringDeps extends StartupBase {
  settings: SettingsService;
  events: EventBus;
  locks: KeyedLocks;
  passwords: PasswordHasher;
  /** Seals authenticator secrets at rest (security/secret-box.ts). */
  secrets: SecretBox;
}

export type Accounts = ReturnType<typeof wireAccounts>;

export function wireAccounts(deps: AccountWiringDeps) {
  const { config, database, settings, events, locks, passwords, now, logs, secrets } = deps;
  const users = new UserRepository(database.db);
  const verifications = new VerificationRepository(database.db);
  const writeOutbox: OutboxWriter = async (channel, message, delivery = 'outbox') => {
    await verifications.insertOutbox(
      channel,
      message.to,
      message.subject,
      loggedText(message),
      now(),
      delivery,
    );
    // Only what stayed here is printed: a delivered code does not belong in the log.
    if (delivery === 'outbox') logs.info(`outbox (${channel}) to ${message.to}: ${message.text}`);
  };
  // One e-mail sender for codes and notifications: the same transport and message log.
  const mail = config.smtpUrl
    ? loggedSender('email', smtpMailSender(config.smtpUrl, config.mailFrom), writeOutbox)
    : outboxSender('email', writeOutbox);
  const codes = new VerificationService({
    repository: verifications,
    mail,
    sms: config.smsProviderUrl
      ? loggedSender('sms', httpSmsSender(config.smsProviderUrl, config.smsProviderToken), writeOutbox)
      : outboxSender('sms', writeOutbox),
    now,
    log: logs.info,
    fixedCaptchaText: config.captchaTestAnswer,
    locks,
  });
  const userLocales = new UserLocales({
    repository: new UserLocaleRepository(database.db),
    now,
    logError: logs.error,
  });
  const notices = new SecurityNotices({
    users,
    locales: userLocales,
    mail: codes.mailSender,
    sms: codes.smsSender,
    logError: logs.error,
  });
  const secondFactor = new UserSecondFactor({
    db: database.db,
    writeAudit,
    verifications,
    locks,
    now,
    notices,
    secrets,
  });
  const sessionDevices: SessionDevices = new SessionDevices({
    sessions: new SessionRepository(database.db),
    notices,
    sessionsEnded: (event) => auth.sessionsEnded(event),
    now,
    logError: logs.error,
  });
  const auth: AuthService = new AuthService({
    users,
    verifications,
    codes,
    settings,
    now,
    passwords,
    events,
    locks,
    devices: sessionDevices,
    notices,
    secondFactor,
  });
  return { users, verifications, mail, codes, userLocales, notices, secondFactor, sessionDevices, auth };
}

/** Who a socket's token signs in (ws/socket-hub.ts): the session's user, or nobody. */
export function socketIdentityOf(auth: AuthService) {
  return async (token: string) => {
    const session = await auth.sessionOfToken(token);
    return (
      session && {
        userId: session.user.id,
        isDemo: session.user.isDemo,
        tokenHash: session.tokenHash,
        sessionId: session.sessionId,
        expiresAtMs: session.expiresAtMs,
        ...(session.user.demoOf !== null ? { ownerId: session.user.demoOf } : {}),
      }
    );
  };
}
