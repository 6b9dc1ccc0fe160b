/**
 * What the benches that run the real server as child processes share: a free port on loopback, and
 * following a server's JSON log (its warnings counted, its errors and anything that is not a log
 * line echoed, so a bench's own figures stay readable).
 */
import net from 'node:net';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';

export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Echoes `name`'s errors (and anything that is not a log line) and counts its warnings. */
export function followServerLog(name: string, stream: Readable, onWarning: () => void): void {
  createInterface({ input: stream }).on('line', (line) => {
    let level: number | undefined;
    try {
      level = (JSON.parse(line) as { level?: number }).level;
    } catch {
      level = undefined;
    }
    if (level !== undefined && level < 50) onWarning();
    else if (!line.startsWith('npm warn')) console.error(`${name}: ${line}`);
  });
}
