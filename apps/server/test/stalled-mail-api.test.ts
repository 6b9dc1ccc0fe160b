/**
 * A mail server that takes connections and never answers: a sign-in from a new device, whose
 * security notice goes to that server, still answers at once. The notice leaves in the background
 * (services/security-notices.ts); when the server goes away it fails, is logged, and the runtime's
 * `notices.idle()` resolves. Before, the sign-in waited for the mail server (up to nodemailer's
 * greeting timeout) and a phone gave up on it.
 */
import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { LoginResult } from '@omp/protocol';
import { startTestRuntime, type TestRuntime } from './helpers/test-runtime.ts';
import { tradingClient } from './helpers/trading-helpers.ts';

const PASSWORD = 'Sturdy-pass-81';
const held = new Set<Socket>();
const silentMailServer = createServer((socket) => {
  held.add(socket);
  socket.on('close', () => held.delete(socket));
});
const logLines: string[] = [];
let rt: TestRuntime;

beforeAll(async () => {
  await new Promise<void>((resolve) => silentMailServer.listen(0, '127.0.0.1', resolve));
  const { port } = silentMailServer.address() as { port: number };
  rt = await startTestRuntime({
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, LOG_LEVEL: 'error' },
    logStream: { write: (line) => void logLines.push(line) },
  });
});
afterAll(async () => {
  for (const socket of held) socket.destroy();
  await rt?.dispose();
  await new Promise<void>((resolve) => silentMailServer.close(() => resolve()));
});

it('answers a sign-in from a new device while the mail server stalls; the notice fails later, logged', async () => {
  const t = tradingClient(rt);
  const { id } = await t.realUser('100');
  const email = 'stalled-mail@example.com';
  await t.signInWith(id, email, PASSWORD);

  const answer = await rt.app.inject({
    method: 'POST',
    url: '/api/user/loginForU',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'device-id': 'never-seen-device-01' },
    payload: new URLSearchParams({ account: email, password: PASSWORD }).toString(),
  });
  expect((answer.json() as { code: number; data: LoginResult }).code).toBe(1);

  // The notice is under way: its connection waits at the mail server, unanswered and still open.
  await vi.waitFor(() => expect(held.size).toBe(1));
  let sent = false;
  const idle = rt.notices.idle().then(() => (sent = true));
  await new Promise((resolve) => setImmediate(resolve));
  expect(sent).toBe(false);

  // The mail server goes away: the notice gives up, says so in the log, and nothing waits on it.
  for (const socket of held) socket.destroy();
  await idle;
  expect(logLines.join('\n')).toContain('a new_device notice could not be sent');
});
