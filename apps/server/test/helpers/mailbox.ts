import { SMTPServer } from 'smtp-server';

/** A real SMTP server on loopback that keeps every message it is given. */
export async function startMailbox() {
  const messages: Array<{ to: string; body: string }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    onData(stream, session, callback) {
      let body = '';
      stream.on('data', (chunk: Buffer) => (body += chunk.toString()));
      stream.on('end', () => {
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), body });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    /** Every message delivered to an address as it arrived (headers and MIME parts, attachments too), oldest first. */
    rawMessagesTo: (address: string) =>
      messages.filter((m) => m.to === address.toLowerCase()).map((m) => m.body),
    codeFor(address: string) {
      const message = messages.filter((m) => m.to === address.toLowerCase()).at(-1);
      const code = message?.body.match(/\b(\d{6})\b/)?.[1];
      if (!code) throw new Error(`no mail with a code for ${address}`);
      return code;
    },
    /** Every message to an address, oldest first, as the reader sees it: subject and text. */
    messagesTo(address: string) {
      return messages.filter((m) => m.to === address.toLowerCase()).map((m) => readable(m.body));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The subject and the text of a raw single-part message, its quoted-printable soft line breaks and
 * escapes undone (nodemailer sends long or non-ASCII text that way).
 */
function readable(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split);
  const body = raw.slice(split + 4);
  const subject = /^Subject: (.*(?:\r\n[ \t].*)*)/m.exec(head)?.[1]?.replace(/\r\n[ \t]/g, ' ') ?? '';
  const quoted = /Content-Transfer-Encoding: quoted-printable/i.test(head);
  const text = quoted
    ? Buffer.from(
        body
          .replace(/=\r\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8')
    : body;
  return { subject, text: text.replace(/\r\n/g, '\n').trim() };
}
