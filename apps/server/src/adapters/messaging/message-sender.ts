/**
 * Ports for e-mail and SMS, with the adapters the server can use:
 * - e-mail through nodemailer over SMTP when SMTP_URL is set;
 * - SMS through an HTTP provider when SMS_PROVIDER_URL is set (POST JSON {to, text}, bearer token);
 * - otherwise the outbox: messages are stored in the database and printed to the log, so a fresh
 *   installation can be tried end to end and an administrator can read the codes.
 */
import nodemailer from 'nodemailer';

/** A file sent with an e-mail (a statement's PDF); SMS and the outbox keep only its name. */
export interface MessageAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface OutgoingMessage {
  to: string;
  subject: string;
  text: string;
  attachments?: MessageAttachment[];
}

/**
 * The text as the message log keeps it: the files are named (with their size), not stored, so
 * support sees what went without the log holding every statement ever sent.
 */
export function loggedText(message: OutgoingMessage): string {
  const files = (message.attachments ?? []).map(
    (file) => `[${file.filename}, ${file.contentType}, ${file.content.length} bytes]`,
  );
  return files.length > 0 ? `${message.text}\n\n${files.join('\n')}` : message.text;
}

export interface MessageSender {
  readonly kind: string;
  send(message: OutgoingMessage): Promise<void>;
}

export type OutboxWriter = (
  channel: 'email' | 'sms',
  message: OutgoingMessage,
  delivery?: string,
) => Promise<void>;

/** Codes are 4 to 8 digits standing alone. */
export const maskCodes = (text: string) => text.replace(/\b\d{4,8}\b/g, (code) => '•'.repeat(code.length));

/**
 * A sender that also writes what it delivered to the message log, once the provider took it, so
 * support can see what a user received whichever way it left. The log keeps the text with its
 * codes masked: the user has the message, and a copy of the database must not hold codes that
 * still sign in or reset a password. (Without a provider the outbox is the delivery itself, and
 * keeps the text whole.)
 */
export function loggedSender(
  channel: 'email' | 'sms',
  sender: MessageSender,
  log: OutboxWriter,
): MessageSender {
  if (sender.kind === 'outbox') return sender;
  return {
    kind: sender.kind,
    async send(message) {
      await sender.send(message);
      await log(channel, { ...message, text: maskCodes(message.text) }, sender.kind);
    },
  };
}

/**
 * How long the mail server may take to answer the connection, greet, or answer any later command.
 * nodemailer's own defaults (2 minutes, 30 s, 10 minutes) would hold a code request that long
 * behind a mail server that stopped answering; the SMS provider gets 10 s too.
 */
export const SMTP_TIMEOUT_MS = 10_000;

export function smtpMailSender(smtpUrl: string, from: string, timeoutMs = SMTP_TIMEOUT_MS): MessageSender {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.attachments ? { attachments: message.attachments } : {}),
      });
    },
  };
}

export function httpSmsSender(
  url: string,
  token: string | undefined,
  fetchImpl: typeof fetch = fetch,
): MessageSender {
  return {
    kind: 'http',
    async send(message) {
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ to: message.to, text: message.text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`SMS provider answered HTTP ${response.status}`);
    },
  };
}

export function outboxSender(channel: 'email' | 'sms', write: OutboxWriter): MessageSender {
  return { kind: 'outbox', send: (message) => write(channel, message) };
}
