/**
 * A worker thread's own connection to the embedded database, which runs the checkpoints asked of
 * it (checkpoint-thread.ts): the copy of the WAL into the database file, then the emptying of the
 * WAL, so neither holds the server's event loop. It never writes rows and never flushes: the
 * flushes are the main thread's, in the order durability needs (sqlite-durability.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

export type CheckpointMode = 'PASSIVE' | 'TRUNCATE';
export type CheckpointRequest = { kind: 'checkpoint'; id: number; mode: CheckpointMode } | { kind: 'close' };
export type CheckpointAnswer = { id: number; error?: string };

const port = parentPort!;
const sqlite = new SQLite((workerData as { file: string }).file);
sqlite.pragma('synchronous = OFF');
// A reader elsewhere (a backup) must not make a checkpoint wait: it does what it can at once.
sqlite.pragma('busy_timeout = 0');

port.on('message', (request: CheckpointRequest) => {
  if (request.kind === 'close') {
    sqlite.close();
    port.close();
    return;
  }
  try {
    sqlite.pragma(`wal_checkpoint(${request.mode === 'TRUNCATE' ? 'TRUNCATE' : 'PASSIVE'})`);
    port.postMessage({ id: request.id } satisfies CheckpointAnswer);
  } catch (error) {
    port.postMessage({ id: request.id, error: String(error) } satisfies CheckpointAnswer);
  }
});
