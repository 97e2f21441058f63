// `node bench/explain-review-queue.ts` with DATABASE_URL naming a seeded PostgreSQL database
// (`npm run seed:large`): runs `GET /admin/review_queue`'s service for each page shape (first, deep,
// last, search, each sort in both directions, a cursor), reports the median wall time of the whole
// list call (every statement it sends, the estimate's EXPLAIN included), then EXPLAIN ANALYZE of each
// statement it sent (PLANS=0: the summary only; WHOLE_TABLE=1 adds inReview=false). Read-only.
import { ReviewQueueQuery } from '@portal/contracts';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../src/db/client.ts';
import * as schema from '../src/db/schema/index.ts';
import { listReviewQueue } from '../src/features/admin/review-queue.list.ts';
import type { AppContext } from '../src/platform/context.ts';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL: the seeded PostgreSQL database');
const ROUNDS = Number(process.env.ROUNDS ?? 15);

const pool = new pg.Pool({ connectionString: url, max: 1 });
const sent: Array<{ text: string; values: unknown[] }> = [];
let recording = false;
const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
(pool as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = (...args: unknown[]) => {
  const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
  if (recording) {
    const text = typeof first === 'string' ? first : first.text;
    const values = (typeof first === 'string' ? second : (first.values ?? second)) ?? [];
    sent.push({ text, values });
  }
  return query(...args);
};
const db = drizzle({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
const ctx = { db } as AppContext;

const one = async (text: string, values: unknown[] = []) =>
  (await pool.query(text, values)).rows as Array<Record<string, unknown>>;
const [developer] = await one(`select id from users where email = 'bench-developer@example.com'`);
const [{ n: inReview } = { n: 0 }] = await one(
  `select count(*)::int as n from developer_apps where in_review_at is not null`,
);
const [{ n: apps } = { n: 0 }] = await one(
  `select reltuples::bigint as n from pg_class where relname = 'developer_apps'`,
);
const pages = Math.max(1, Math.ceil(Number(inReview) / 50));
console.log(
  `developer_apps ≈ ${Number(apps).toLocaleString('en-US')}, in review ${inReview} (${pages} pages of 50)\n`,
);

const cases: Array<[string, Record<string, string | string[]>]> = [
  ['first page (default: -in_review_at)', {}],
  [`middle page ${Math.ceil(pages / 2)}`, { page: String(Math.ceil(pages / 2)) }],
  [`last page ${pages}`, { page: String(pages) }],
  ['sort in_review_at', { sort: 'in_review_at' }],
  ['sort internal_name', { sort: 'internal_name' }],
  ['sort -internal_name', { sort: '-internal_name' }],
  [
    `sort internal_name, page ${Math.ceil(pages / 2)}`,
    { sort: 'internal_name', page: String(Math.ceil(pages / 2)) },
  ],
  ['sort owner', { sort: 'owner' }],
  ['sort -owner', { sort: '-owner' }],
  [`sort owner, page ${Math.ceil(pages / 2)}`, { sort: 'owner', page: String(Math.ceil(pages / 2)) }],
  ['search "elemetr" (1,000 apps, none in review)', { 'filters[search]': 'elemetr' }],
  ['search "app 12" (~11,000 apps)', { 'filters[search]': 'app 12' }],
  ['search "app" (every app)', { 'filters[search]': 'app' }],
  ['owner filter (bench developer)', { 'filters[owner_id][]': String(developer?.id) }],
  ['with_deleted', { 'filters[with_deleted]': 'true' }],
  // Every app (staff unticked "In review"): only the name order has an index.
  ...(process.env.WHOLE_TABLE === '1'
    ? ([
        ['in_review=false, sort internal_name', { 'filters[in_review]': 'false', sort: 'internal_name' }],
        ['in_review=false, sort owner', { 'filters[in_review]': 'false', sort: 'owner' }],
        ['in_review=false, sort -in_review_at', { 'filters[in_review]': 'false' }],
      ] as Array<[string, Record<string, string>]>)
    : []),
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const results: string[] = [];
for (const [name, params] of cases) {
  const request = ReviewQueueQuery.parse(params);
  const first = await listReviewQueue(ctx, request);
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    await listReviewQueue(ctx, request);
    times.push(performance.now() - start);
  }
  sent.length = 0;
  recording = true;
  await listReviewQueue(ctx, request);
  recording = false;
  const statements = sent.filter((s) => !/^\s*explain/i.test(s.text));
  const explained: string[] = [];
  let executed = 0;
  for (const statement of statements) {
    const plan = await one(`explain (analyze, buffers) ${statement.text}`, statement.values);
    const lines = plan.map((row) => String(Object.values(row)[0]));
    const ms = (label: string) =>
      Number(lines.find((l) => l.startsWith(label))?.match(/([\d.]+) ms/)?.[1] ?? 0);
    executed += ms('Planning Time') + ms('Execution Time');
    explained.push(lines.join('\n'));
  }
  const line = `${name}: ${first.rows.length} rows, total ${first.total}; list call median ${median(times).toFixed(1)} ms (max ${Math.max(...times).toFixed(1)}), ${statements.length} statements + ${sent.length - statements.length} estimate; EXPLAIN ANALYZE planning+execution ${executed.toFixed(1)} ms`;
  results.push(line);
  console.log(`=== ${line}`);
  if (process.env.PLANS !== '0')
    for (const [i, statement] of statements.entries())
      console.log(`--- ${statement.text.replace(/\s+/g, ' ').slice(0, 300)}\n${explained[i]}\n`);
}
// A cursor (the Link header's next): a keyset read from the cursor row.
{
  const first = await listReviewQueue(ctx, ReviewQueueQuery.parse({ sort: 'owner' }));
  const request = ReviewQueueQuery.parse({ sort: 'owner', cursor: first.next ?? '' });
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    await listReviewQueue(ctx, request);
    times.push(performance.now() - start);
  }
  results.push(`cursor after page 1 (sort owner): list call median ${median(times).toFixed(1)} ms`);
}
console.log(`\n${results.join('\n')}`);
await pool.end();
