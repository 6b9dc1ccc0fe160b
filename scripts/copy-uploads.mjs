// `npm run uploads:copy [folder]`: copies the uploaded images of a node's folder (by default
// DATA_DIR/uploads) into the store this configuration keeps uploads in (UPLOAD_STORAGE: the
// database or an S3 bucket), so an installation that ran on one node keeps its photos when it
// becomes a cluster (docs/decisions/0011). Run it with the cluster's environment; it can run again
// safely, and it never changes the folder.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const { ConfigError, loadConfig } = await import('../apps/server/src/config.ts');
const { copyUploadsIntoConfiguredStore } =
  await import('../apps/server/src/adapters/storage/copy-uploads.ts');

let config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(2);
}
const outcome = await copyUploadsIntoConfiguredStore(config, process.argv[2], (line) => console.log(line));
process.exit(outcome === 'differing' ? 1 : outcome === 'nothing to do' ? 2 : 0);
