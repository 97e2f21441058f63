import { buildApp } from './app.ts';
import { createContext } from './bootstrap.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/client.ts';
import { maintainEvery } from './db/maintain.ts';
import { prepareDrain } from './platform/http/drain.ts';
import { createLogger } from './platform/logger.ts';
import { sweepTempFiles } from './platform/storage.ts';
import { seedDemo } from './seed.ts';

/**
 * A start-up failure no change to the code can fix (the configuration, a data directory or port
 * another portal holds): the message, then exit 1. Under `npm run dev` (`node --watch`, which waits
 * for a file change after a failed run) the watcher is stopped too, so `npm run dev` ends with this
 * message instead of hanging.
 */
function cannotStart(message: string): never {
  console.error(message);
  if (process.env.PORTAL_DEV_WATCH === '1') process.kill(process.ppid, 'SIGTERM');
  process.exit(1);
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) cannotStart(error.message);
    throw error;
  }
  // A person at a terminal reads one line per entry; anything else (a file, a log shipper) gets JSON.
  const pretty = Boolean(process.stdout.isTTY) && config.env !== 'production';
  const log = createLogger(config.logLevel, { pretty });
  let ctx: Awaited<ReturnType<typeof createContext>>;
  try {
    ctx = await createContext(config, { log });
  } catch (error) {
    if (error instanceof DataDirLockedError) cannotStart(error.message);
    throw error;
  }
  // Uploads a dead process was streaming when it stopped (kill -9, a crash) are never finished.
  const swept = await sweepTempFiles(config.dataDir);
  if (swept) log.info({ files: swept }, 'removed unfinished uploads');
  const app = await buildApp(ctx, { accessLog: pretty ? 'info' : 'debug' });
  const drain = prepareDrain(app);
  if (config.seedDemo) await seedDemo(ctx);
  await ctx.jobs.work(ctx);
  // PGlite's autovacuum never runs; the server applies PostgreSQL's rule itself (db/maintain.ts).
  const maintenance = ctx.database.kind === 'pglite' ? maintainEvery(ctx.database.db, log) : undefined;
  await app.listen({ port: config.port, host: config.host }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EADDRINUSE') throw error;
    cannotStart(
      `Port ${config.port} is in use by another process (another portal: npm start or npm run dev?). Stop it first, or set PORT to another port.`,
    );
  });
  log.info(`Developer portal ready at ${config.publicUrl} (${ctx.database.kind})`);

  // A supervisor waits ~10 s after SIGTERM before SIGKILL (plus READINESS_DRAIN_MS, during which
  // `/readyz` turns 503 and the balancer stops sending here; docs/deploy.md): requests then get up
  // to 7 s, job handlers the same 7 s alongside (then they are failed, so they retry), and closing
  // takes the rest.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal, notReadyMs: config.readinessDrainMs }, 'shutting down');
    const force = setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.readinessDrainMs + 9_500);
    force.unref();
    try {
      const [http] = await Promise.all([
        drain({ notReadyMs: config.readinessDrainMs, graceMs: 1_000, timeoutMs: 7_000 }),
        ctx.jobs.stopWorkers(config.readinessDrainMs + 7_000),
      ]);
      if (http.forced) log.warn({ connections: http.forced }, 'requests still running were cut off');
      await app.close();
      await maintenance?.stop();
      await ctx.close(); // closes the job queue and the database
      log.info({ drainMs: http.ms }, 'stopped');
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

await main();
