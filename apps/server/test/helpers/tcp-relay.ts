/**
 * A TCP relay between a test's processes and a server (PostgreSQL, Redis) on this machine, to cut
 * the way to it without stopping the shared server: `cut()` drops every connection under way and
 * refuses new ones until `restore()`.
 */
import net from 'node:net';

export interface TcpRelay {
  /** The target's URL with the relay's host and port. */
  url: string;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpRelay(target: URL, defaultPort: number): Promise<TcpRelay> {
  const sockets = new Set<net.Socket>();
  let open = true;
  const server = net.createServer((client) => {
    if (!open) return void client.destroy();
    const upstream = net.connect(Number(target.port || defaultPort), target.hostname);
    for (const [socket, partner] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(socket);
      // Either side gone ends the other, as the kernel ends a killed process's connections: a
      // PostgreSQL session must not outlive its process (and hold its locks) behind the relay.
      socket.on('close', () => (sockets.delete(socket), partner.destroy()));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const url = new URL(target.href);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.href,
    cut() {
      open = false;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      open = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
