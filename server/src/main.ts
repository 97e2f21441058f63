import { buildApp } from './app.ts';
import { createContext } from './bootstrap.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/client.ts';
import { createLogger } from './platform/logger.ts';
import { seedDemo } from './seed.ts';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const pretty = Boolean(process.stdout.isTTY) && config.env !== 'production';
  const log = createLogger(config.logLevel, pretty);
  let ctx: Awaited<ReturnType<typeof createContext>>;
  try {
    ctx = await createContext(config, { log });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp(ctx, { accessLog: pretty ? 'info' : 'debug' });
  if (config.seedDemo) await seedDemo(ctx);
  await ctx.jobs.work(ctx);
  await app.listen({ port: config.port, host: config.host });
  log.info(`Developer portal ready at ${config.publicUrl} (${ctx.database.kind})`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    try {
      await app.close(); // stops accepting, waits for in-flight requests
      await ctx.close(); // stops job workers, closes the database
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
