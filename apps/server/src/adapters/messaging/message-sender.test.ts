import { createServer, type IncomingMessage } from 'node:http';
import { createServer as createTcpServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpSmsSender, outboxSender, smtpMailSender } from './message-sender.ts';

/** A real HTTP provider on loopback that records requests and answers with a chosen status. */
describe('HTTP SMS provider adapter', () => {
  const received: Array<{ headers: IncomingMessage['headers']; body: unknown }> = [];
  let status = 200;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(body) as unknown });
      res.writeHead(status).end();
    });
  });
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}/send`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('posts {to, text} as JSON with the bearer token', async () => {
    await httpSmsSender(url, 'sms-token').send({
      to: '+85291234567',
      subject: 'ignored',
      text: 'Your code is 123456',
    });
    expect(received.at(-1)).toMatchObject({
      headers: { authorization: 'Bearer sms-token', 'content-type': 'application/json' },
      body: { to: '+85291234567', text: 'Your code is 123456' },
    });
  });

  it('fails when the provider refuses, so the caller can report it', async () => {
    status = 503;
    await expect(httpSmsSender(url, undefined).send({ to: '+1', subject: '', text: 'x' })).rejects.toThrow(
      'HTTP 503',
    );
    expect(received.at(-1)?.headers.authorization).toBeUndefined();
  });
});

describe('outbox sender', () => {
  it('hands the message and its channel to the outbox writer', async () => {
    const written: unknown[] = [];
    await outboxSender('sms', async (channel, message) => void written.push({ channel, ...message })).send({
      to: '+1555',
      subject: 's',
      text: 't',
    });
    expect(written).toEqual([{ channel: 'sms', to: '+1555', subject: 's', text: 't' }]);
  });
});

describe('SMTP sender', () => {
  it('gives up on a mail server that takes the connection and never greets, instead of waiting on', async () => {
    const held = new Set<Socket>();
    const silent = createTcpServer((socket) => held.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    try {
      // nodemailer's own greeting timeout is 30 s, past this test's time: the bound is what ends it.
      const sender = smtpMailSender(`smtp://127.0.0.1:${port}`, 'Broker <no-reply@example.com>', 200);
      await expect(sender.send({ to: 'a@example.com', subject: 's', text: 't' })).rejects.toThrow(
        /greeting/i,
      );
      expect(held.size).toBe(1);
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
