/**
 * The ways a notification leaves the server besides the in-app centre: a channel adapter takes one
 * message already worded in the user's language and delivers it to the user, or throws. Web Push and
 * e-mail are the two; the centre calls the adapter of each channel the user chose for the kind.
 *
 *   const email = new EmailChannel({ mail, emailOf: (id) => users.emailOf(id) });
 *   await email.deliver(7, { kind: 'stop_out', title: 'Stop-out', body: '…', url: '/stop-out?id=3', tag: 'n42' });
 */
import type { MessageSender } from '../adapters/messaging/message-sender.ts';

export interface ChannelMessage {
  kind: string;
  title: string;
  body: string;
  /** A path of the app (`/order`); e-mail adds it only when it is a full address. */
  url: string;
  /** One per notification, so a device shows it once however often it is delivered. */
  tag: string;
  /** The notification in the centre: the app marks it read when the pushed one is tapped. */
  id?: number;
}

export interface NotificationChannelAdapter {
  deliver(userId: number, message: ChannelMessage): Promise<void>;
  /** Many users' messages at once (a cascade's notifications), when the channel can share the work. */
  deliverMany?(items: ReadonlyArray<{ userId: number; message: ChannelMessage }>): Promise<void>;
}

export interface EmailChannelOptions {
  /** The server's e-mail sender: SMTP when configured, else the outbox (adapters/messaging). */
  mail: MessageSender;
  /** The account's e-mail address, or null when it has none (a phone-only or demo account). */
  emailOf: (userId: number) => Promise<string | null>;
}

/** E-mail through the server's one sender: the same SMTP transport and message log as codes. */
export class EmailChannel implements NotificationChannelAdapter {
  private readonly options: EmailChannelOptions;

  constructor(options: EmailChannelOptions) {
    this.options = options;
  }

  async deliver(userId: number, message: ChannelMessage): Promise<void> {
    const to = await this.options.emailOf(userId);
    // Without an address there is nobody to write to; the centre still holds the notification.
    if (!to) return;
    // A path of the app means nothing in a mail program: only a full address is worth a line.
    const link = /^https?:\/\//.test(message.url) ? `\n\n${message.url}` : '';
    await this.options.mail.send({ to, subject: message.title, text: `${message.body}${link}` });
  }
}
