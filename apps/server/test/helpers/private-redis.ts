/**
 * A Redis server of a test's own (`redis-server` on a free port, nothing saved to disk), so the
 * test can kill and restart it under load without touching the machine's shared Redis.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import { eventually, freePort } from './cluster-nodes.ts';

export const REDIS_SERVER_BINARY = '/usr/bin/redis-server';
export const redisServerInstalled = existsSync(REDIS_SERVER_BINARY);

export class PrivateRedis {
  readonly url: string;
  private readonly port: number;
  private child: ChildProcess | undefined;

  private constructor(port: number) {
    this.port = port;
    this.url = `redis://127.0.0.1:${port}`;
  }

  static async start(): Promise<PrivateRedis> {
    const redis = new PrivateRedis(await freePort());
    await redis.restart();
    return redis;
  }

  /** Starts the server on its port (again, after `kill`) and waits until it accepts connections. */
  async restart(): Promise<void> {
    const child = spawn(
      REDIS_SERVER_BINARY,
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    this.child = child;
    await eventually('the private Redis accepting connections', () => this.accepts(), 10_000);
  }

  private accepts(): Promise<true | undefined> {
    return new Promise((resolve) => {
      const probe = net.connect(this.port, '127.0.0.1');
      probe.once('connect', () => (probe.destroy(), resolve(true)));
      probe.once('error', () => resolve(undefined));
    });
  }

  /** Ends the server at once (SIGKILL): every connection drops, and everything it held is gone. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}
