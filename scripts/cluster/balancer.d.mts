// Types of balancer.mjs, for the TypeScript that uses it (its test).
import type { Server } from 'node:http';

export interface Backend {
  name: string;
  host: string;
  port: number;
}

export interface BackendState extends Backend {
  /** Its last probe answered 200 and no connection to it was refused since. */
  ready: boolean;
}

export interface BalancerOptions {
  backends: Backend[];
  /** Where to listen; 0 (the default) takes a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** How often every node is probed; default 1000. */
  pollIntervalMs?: number;
  /** A probe slower than this counts as not ready; default 2000. */
  probeTimeoutMs?: number;
  /** Default /readyz. */
  readyPath?: string;
  /** A node became ready or not, and why. */
  onChange?: (backend: BackendState, reason: string) => void;
}

export interface Balancer {
  server: Server;
  port: number;
  backends: readonly BackendState[];
  /** Probes every node once; resolves when all have answered or failed. */
  pollNow(): Promise<void>;
  close(): Promise<void>;
}

export function startBalancer(options: BalancerOptions): Promise<Balancer>;
