// Child process of `npm run bench`: migrates and seeds one target, then exits. In its own process
// so its memory (PGlite's included) is measured alone and freed before the load generator runs.
import { performance } from 'node:perf_hooks';
import type { SeedResult } from './report.ts';
import { seed } from './seed.ts';
import { benchSeedConfig, seedContext } from './seed-context.ts';
import { seedSizes } from './seed-sizes.ts';

const rows = Number(process.env.BENCH_ROWS);
const config = benchSeedConfig();
const start = performance.now();
// On PGlite with V8's optimising compiler unless asked to seed as the server would (docs/benchmarks.md).
const ctx = await seedContext(config, { optimisingCompiler: process.env.BENCH_SEED_LIFTOFF !== '1' });
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
