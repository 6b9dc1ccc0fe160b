/**
 * The storage port for uploaded files: bytes in and out by name. The server ships a local-folder
 * adapter (the default, under `${DATA_DIR}/uploads`), a database adapter and an S3 adapter (for a
 * cluster, where every node must read what any node stored; choose-file-storage.ts picks one from
 * the configuration) and an in-memory one for tests. Each passes the same contract suite
 * (file-storage-contract.test-support.ts), so the services never know which one they talk to.
 *
 * Names are chosen by the caller and must be plain file names: the adapters refuse anything that
 * could address another folder, so a bug upstream cannot turn into a path traversal.
 */
export interface FileStorage {
  readonly kind: string;
  /** Stores new bytes under a new name; storing over an existing name is refused. */
  put(name: string, bytes: Uint8Array): Promise<void>;
  /** The bytes stored under a name, or undefined when there are none. */
  get(name: string): Promise<Buffer | undefined>;
  exists(name: string): Promise<boolean>;
  /** Removes the bytes under a name; removing a name that holds nothing is not an error. */
  delete(name: string): Promise<void>;
  /** Lets go of connections the adapter holds (at shutdown); adapters without any omit it. */
  close?(): Promise<void> | void;
}

/** A plain file name: letters, digits, dot, dash, underscore; no leading dot, no "..". */
const SAFE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

export function isSafeName(name: string): boolean {
  return SAFE_NAME.test(name) && !name.includes('..');
}

export function assertSafeName(name: string): void {
  if (!isSafeName(name)) throw new Error(`unsafe storage name: ${JSON.stringify(name)}`);
}

export class StorageNameTakenError extends Error {
  constructor(name: string) {
    super(`a file named ${name} is already stored`);
  }
}
