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

/** Quoted-printable bytes (`=C3=BC`) as the UTF-8 text they encode. */
const unquoted = (text: string) =>
  Buffer.from(
    text.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/**
 * A header's MIME encoded words (`=?UTF-8?Q?...?=` or `?B?`, RFC 2047) as text: nodemailer writes a
 * non-ASCII subject that way, splitting it into words whose gaps are not part of the text.
 */
function decodedHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, how: string, word: string) =>
      how.toUpperCase() === 'B'
        ? Buffer.from(word, 'base64').toString('utf8')
        : unquoted(word.replace(/_/g, ' ')),
    );
}

/**
 * The subject and the text of a raw single-part message, its quoted-printable soft line breaks and
 * escapes or its base64 undone (nodemailer sends long or non-ASCII text one way or the other).
 */
function readable(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split);
  const body = raw.slice(split + 4);
  const folded = /^Subject: (.*(?:\r\n[ \t].*)*)/m.exec(head)?.[1]?.replace(/\r\n[ \t]/g, ' ') ?? '';
  const subject = decodedHeader(folded);
  const encoding = /Content-Transfer-Encoding: ([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? unquoted(body.replace(/=\r\n/g, ''))
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : body;
  return { subject, text: text.replace(/\r\n/g, '\n').trim() };
}
