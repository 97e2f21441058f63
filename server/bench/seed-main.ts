// Child process of `npm run bench`: migrates and seeds one target, then exits. In its own process
// so its memory (PGlite's included) is measured alone and freed before the load generator runs.
import { performance } from 'node:perf_hooks';
import { createContext } from '../src/bootstrap.ts';
import { loadConfig } from '../src/config.ts';
import { openPglite } from '../src/db/client.ts';
import { createLogger } from '../src/platform/logger.ts';
import type { SeedResult } from './report.ts';
import { seed } from './seed.ts';
import { seedSizes } from './seed-sizes.ts';

const rows = Number(process.env.BENCH_ROWS);
const config = loadConfig({
  DATA_DIR: process.env.DATA_DIR,
  DATABASE_URL: process.env.DATABASE_URL,
  SEED_DEMO: 'false',
  LOG_LEVEL: 'warn',
});
const start = performance.now();
// PGlite with V8's optimising compiler: the seeder has no start-up memory budget, and building a
// million rows' indexes in WebAssembly takes about half the time with it (docs/benchmarks.md).
const database =
  config.databaseUrl || process.env.BENCH_SEED_LIFTOFF === '1'
    ? undefined
    : await openPglite(config.dataDir, { optimisingCompiler: true });
const ctx = await createContext(config, {
  log: createLogger('warn'),
  superviseJobs: false,
  ...(database ? { database } : {}),
});
const { steps } = await seed(ctx, seedSizes(rows), (line) => console.log(line));
await ctx.close();
const result: SeedResult = {
  rows,
  seconds: (performance.now() - start) / 1000,
  cpuSeconds: (process.cpuUsage().user + process.cpuUsage().system) / 1e6,
  peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  steps,
};
if (process.send) process.send(result, () => process.disconnect());
else console.log(JSON.stringify(result)); // run by hand
