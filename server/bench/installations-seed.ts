// Child process of `npm run bench:installations`: the bench's users and apps (a small `seed`), then
// set-based installation data on two of the bench developer's apps — the report app (BENCH_DAYS of
// daily roll-ups, BENCH_INSTALLS installations, BENCH_VIEWS raw listing views) and the CSV app
// (BENCH_CSV_ROWS installations). Answers the two app ids.
import { sql } from 'drizzle-orm';
import { seed } from './seed.ts';
import { benchSeedConfig, seedContext } from './seed-context.ts';
import { seedSizes } from './seed-sizes.ts';

const env = process.env;
const days = Number(env.BENCH_DAYS ?? 1826);
const installs = Number(env.BENCH_INSTALLS ?? 100_000);
const views = Number(env.BENCH_VIEWS ?? 2_000_000);
const csvRows = Number(env.BENCH_CSV_ROWS ?? 1_000_000);
const CHUNK = 100_000;

const config = benchSeedConfig();
const ctx = await seedContext(config, { optimisingCompiler: true });
const { developerId } = await seed(ctx, seedSizes(1000), () => undefined);
const rows = (await ctx.db.execute(
  sql`select id from developer_apps where owner_id = ${developerId} order by created_at desc, id limit 2`,
)) as unknown as { rows: Array<{ id: string }> };
const [reportApp, csvApp] = rows.rows.map((row) => row.id) as [string, string];

const chunked = async (total: number, chunk: (lo: number, hi: number) => ReturnType<typeof sql>) => {
  for (let lo = 1; lo <= total; lo += CHUNK) await ctx.db.execute(chunk(lo, Math.min(total, lo + CHUNK - 1)));
};
await ctx.db.execute(sql`
  insert into app_daily_installs (developer_app_id, day, installs, uninstalls)
  select ${reportApp}::uuid, current_date - g, 20 + g % 40, g % 7 from generate_series(0, ${days - 1}::int) g`);
await ctx.db.execute(sql`
  insert into app_daily_views (developer_app_id, day, views, unique_views)
  select ${reportApp}::uuid, current_date - g, 1500 + g % 300, 1000 + g % 200 from generate_series(0, ${days - 1}::int) g`);
await chunked(
  views,
  (lo, hi) => sql`
  insert into marketplace_listing_views (developer_app_id, day, visitor, hits)
  select ${reportApp}::uuid, current_date - (g % ${days}::int), 'v' || g, 1 from generate_series(${lo}::int, ${hi}::int) g`,
);
const installations = (app: string) => (lo: number, hi: number) =>
  sql`
  insert into app_installations (developer_app_id, company_id, company_name, company_is_demo, user_email,
                                 app_version, status, installed, updated_at, last_event_id)
  select ${app}::uuid, 'company-' || g, 'Company ' || g || ', Inc.', g % 50 = 0, 'admin' || g || '@company.example',
         '1.0.' || (g % 9), case when g % 9 = 0 then 'uninstalled' else 'installed' end, g % 9 <> 0,
         now() - make_interval(secs => g * 60), 'evt-' || g
  from generate_series(${lo}::int, ${hi}::int) g`;
await chunked(installs, installations(reportApp));
await chunked(csvRows, installations(csvApp));
await ctx.db.execute(sql`vacuum analyze`);
await ctx.close();
const result = { reportApp, csvApp };
if (process.send) process.send(result, () => process.disconnect());
else console.log(JSON.stringify(result));
