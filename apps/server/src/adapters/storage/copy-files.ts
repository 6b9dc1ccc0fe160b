/**
 * Copies stored files from one store into another, name for name: how an installation that kept
 * its uploads in a node's folder moves them into the database or a bucket before it runs as a
 * cluster (scripts/copy-uploads.mjs, docs/decisions/0011). Safe to run again: a name the target
 * already holds with the same bytes is skipped, one it holds with other bytes is left as it is and
 * reported, and the source is never changed.
 */
import { StorageNameTakenError, type FileStorage } from './file-storage.ts';

export interface ListedStorage {
  names(): Promise<string[]>;
  get(name: string): Promise<Buffer | undefined>;
}

export interface CopyReport {
  copied: string[];
  /** Already in the target with the same bytes. */
  alreadyThere: string[];
  /** In the target with other bytes: left as they are, for a person to look at. */
  differing: string[];
}

export async function copyFiles(from: ListedStorage, to: FileStorage): Promise<CopyReport> {
  const report: CopyReport = { copied: [], alreadyThere: [], differing: [] };
  for (const name of await from.names()) {
    const bytes = await from.get(name);
    if (!bytes) continue; // removed from the source since it was listed
    if (!(await to.exists(name)) && (await putUnlessTaken(to, name, bytes))) {
      report.copied.push(name);
      continue;
    }
    const stored = await to.get(name);
    (stored && Buffer.compare(stored, bytes) === 0 ? report.alreadyThere : report.differing).push(name);
  }
  return report;
}

/** False when another writer stored the name first (a node running beside the copy). */
async function putUnlessTaken(to: FileStorage, name: string, bytes: Buffer): Promise<boolean> {
  try {
    await to.put(name, bytes);
    return true;
  } catch (error) {
    if (error instanceof StorageNameTakenError) return false;
    throw error;
  }
}
