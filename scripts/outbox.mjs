// `npm run outbox`: the newest messages (verification codes) that went to the outbox because no
// SMTP server or SMS provider is configured. Reads the same database the server uses.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const { loadConfig } = await import('../apps/server/src/config.ts');
const { openDatabase } = await import('../apps/server/src/db/database.ts');
const { VerificationRepository } = await import('../apps/server/src/repositories/verification-repository.ts');

const config = loadConfig();
const handle = openDatabase({
  databaseUrl: config.databaseUrl,
  sqlitePath: path.join(config.dataDir, 'app.db'),
});
try {
  const messages = await new VerificationRepository(handle.db).listOutbox(Number(process.argv[2] ?? 20));
  if (messages.length === 0) console.log('The outbox is empty.');
  for (const m of messages.reverse()) {
    console.log(
      `${new Date(m.createdAt).toISOString()}  ${m.channel.padEnd(5)}  ${m.address}\n    ${m.body}`,
    );
  }
} finally {
  await handle.close();
}
