/** Boot: read the configuration, start the runtime, listen, and stop cleanly on a signal. */
import { ConfigError, loadConfig } from './config.ts';
import { OwnerLockError } from './db/owner-lock.ts';
import { startRuntime } from './runtime.ts';
import { CrossNodeError } from './adapters/redis/cross-node.ts';

/** Long enough for slow requests and the last commits; shorter than a supervisor's kill timeout. */
const SHUTDOWN_TIMEOUT_MS = 20_000;

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }

  let runtime;
  try {
    runtime = await startRuntime(config);
  } catch (error) {
    if (error instanceof OwnerLockError || error instanceof CrossNodeError) {
      console.error(`Cannot start: ${error.message}`);
      process.exit(3);
    }
    throw error;
  }
  const { app, seedReport, database } = runtime;
  if (seedReport.instruments > 0 || seedReport.backfilledInstruments > 0) {
    app.log.info(seedReport, 'first start: catalogue seeded and chart history backfilled');
  }
  await app.listen({ port: config.port, host: config.host });
  const feed = runtime.feedCluster
    ? `${config.feed} on the node that produces the market`
    : (runtime.feed?.name ?? 'none');
  app.log.info(`database: ${database.kind} (${database.location}); feed: ${feed}`);
  app.log.info(`serving on http://localhost:${config.port} (API docs at /docs)`);

  // Graceful stop (Runtime.stop): readyz turns 503, sockets are closed with a reason, requests under
  // way finish, everything decided is committed, the book is handed over. A stop that hangs (a
  // database that no longer answers) ends the process anyway, after SHUTDOWN_TIMEOUT_MS.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: stopping`);
    const deadline = setTimeout(() => {
      app.log.error(`not stopped within ${SHUTDOWN_TIMEOUT_MS} ms; exiting anyway`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    deadline.unref();
    try {
      await runtime.stop();
      app.log.info('stopped');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'stopping failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

await main();
