// `npm run bench`: seeds large tables with generate_series and measures the list endpoints through
// app.inject. BENCH_ROWS (default 1,000,000) rows per table; BENCH_DATABASE_URL to run on PostgreSQL.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { createContext } from '../src/bootstrap.ts';
import { loadConfig } from '../src/config.ts';
import { openPglite, openPostgres } from '../src/db/client.ts';
import { createLogger } from '../src/platform/logger.ts';
import { createClient } from '../src/test/helpers.ts';
import { benches } from './benches.ts';

const rows = Number(process.env.BENCH_ROWS ?? 1_000_000);
const iterations = Number(process.env.BENCH_ITERATIONS ?? 50);
const database = process.env.BENCH_DATABASE_URL
  ? openPostgres(process.env.BENCH_DATABASE_URL)
  : await openPglite();
const config = loadConfig({
  NODE_ENV: 'test',
  SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
  WEB_DIST: '/nonexistent',
});
const ctx = await createContext(config, { database, log: createLogger('silent') });
const app = await buildApp(ctx, { logger: false });

console.log(`# bench on ${database.kind}, ${rows.toLocaleString()} rows per table`);
const seedStart = performance.now();
for (const bench of benches) await bench.seed(ctx, rows);
await ctx.db.execute(sql`analyze`);
console.log(`seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

const admin = createClient(app);
await benches[0]!.signIn(ctx, admin);

for (const bench of benches) {
  for (const [name, url] of bench.requests) {
    const times: number[] = [];
    for (let i = 0; i < iterations; i++) {
      const start = performance.now();
      const res = await admin.get(url);
      times.push(performance.now() - start);
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    }
    times.sort((a, b) => a - b);
    const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
    console.log(`${name.padEnd(40)} p50 ${p(0.5)} ms  p95 ${p(0.95)} ms`);
  }
}
await app.close();
await ctx.close();
