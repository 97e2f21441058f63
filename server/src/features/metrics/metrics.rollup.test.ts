/**
 * The roll-ups are exactly the raw rows, recomputed (docs/decisions.md "Installations"): for ≥ 200
 * random event streams — duplicate ids, any arrival order, uninstalls before installs, days across
 * both DST changes of the portal's time zone, batches split anywhere — the daily installs and
 * uninstalls equal a count of the raw events per local day, each company's installation equals its
 * latest raw event, and the same events sent in another order end in the same state. Views too:
 * the daily views roll-up equals the raw per-visitor rows.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { createAppAs } from '../apps/testing.ts';
import { recordListingView } from '../marketplace/index.ts';
import { postEvents } from './testing.ts';

const TIME_ZONE = 'America/New_York';
// Both DST changes of 2026 in New York: clocks forward at 07:00Z on 8 March, back at 06:00Z on 1 November.
const DST = [Date.parse('2026-03-08T07:00:00Z'), Date.parse('2026-11-01T06:00:00Z')];
const RUNS = Number(process.env.ROLLUP_RUNS ?? 200);

let t: TestApp;
let appA: string;
let appB: string;
before(async () => {
  t = await createTestApp({ timeZone: TIME_ZONE });
  const owner = (await t.asNewUser()).client;
  appA = (await createAppAs(owner, 'Rollup A')).id;
  appB = (await createAppAs(owner, 'Rollup B')).id;
});
after(() => t.close());

type Ev = { n: number; type: 'install' | 'uninstall' | 'update'; company: number; at: number; demo: boolean };

const eventArb = fc
  .record({
    n: fc.integer({ min: 0, max: 40 }),
    type: fc.constantFrom('install', 'install', 'uninstall', 'update'),
    company: fc.integer({ min: 0, max: 3 }),
    // Minutes around a DST change, two days either side; a few share an instant (ties by event id).
    at: fc.tuple(
      fc.constantFrom(...DST),
      fc.integer({ min: -2880, max: 2880 }),
      fc.constantFrom(0, 0, 0, 30_000),
    ),
    demo: fc.boolean(),
  })
  .map((e): Ev => ({ ...e, at: e.at[0] + e.at[1] * 60_000 - e.at[2] })) as fc.Arbitrary<Ev>;

const streamArb = fc.record({
  events: fc.array(eventArb, { minLength: 1, maxLength: 30 }),
  // Where the stream is cut into batches, and the order app B receives it in.
  cuts: fc.array(fc.integer({ min: 1, max: 29 }), { maxLength: 4 }),
  shuffle: fc.array(fc.integer(), { minLength: 30, maxLength: 30 }),
  views: fc.array(
    fc.record({ day: fc.integer({ min: 0, max: 3 }), visitor: fc.integer({ min: 0, max: 4 }) }),
    { maxLength: 15 },
  ),
});

let run = 0;
const body = (ev: Ev, prefix: string, appId: string, runId: number) => ({
  id: `${prefix}-${runId}-${ev.n}`,
  type: ev.type,
  developer_app_id: appId,
  company_id: `r${runId}-c${ev.company}`,
  company_name: `Company ${ev.company}`,
  company_is_demo: ev.demo,
  user_email_address: `u${ev.company}@example.com`,
  occurred_at: new Date(ev.at).toISOString(),
});

async function post(events: object[], cuts: number[]) {
  const bounds = [...new Set([0, ...cuts.filter((c) => c < events.length), events.length])].sort(
    (a, b) => a - b,
  );
  for (let i = 1; i < bounds.length; i++) {
    const res = await postEvents(t, events.slice(bounds[i - 1], bounds[i]));
    assert.equal(res.statusCode, 202, res.body);
    for (const result of res.json().results)
      assert.notEqual(result.result, 'rejected', JSON.stringify(result));
  }
}

const rows = async (query: ReturnType<typeof sql>) =>
  ((await t.ctx.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

test(`roll-ups equal a recomputation from the raw events (${RUNS} random streams)`, async () => {
  await fc.assert(
    fc.asyncProperty(streamArb, async ({ events, cuts, shuffle, views }) => {
      const runId = run++;
      // A duplicate id always carries the same event (the platform resends, it does not reuse ids).
      const byId = new Map<number, Ev>();
      const stream = events.map((ev) => {
        const first = byId.get(ev.n) ?? ev;
        byId.set(ev.n, first);
        return first;
      });
      await post(
        stream.map((ev) => body(ev, 'a', appA, runId)),
        cuts,
      );
      const reordered = stream
        .map((ev, i) => ({ ev, key: shuffle[i] ?? 0 }))
        .sort((x, y) => x.key - y.key)
        .map(({ ev }) => body(ev, 'b', appB, runId));
      await post(reordered, [...cuts].reverse());
      // Sent again, in one batch: nothing changes.
      await post(
        stream.map((ev) => body(ev, 'a', appA, runId)),
        [],
      );
      for (const view of views) {
        const day = new Date(DST[0]! + view.day * 86_400_000).toISOString().slice(0, 10);
        await recordListingView(t.ctx, { appId: appA, day, visitor: `v${view.visitor}` });
      }

      const recomputedDaily = await rows(sql`
        select developer_app_id::text as app, ((occurred_at at time zone ${TIME_ZONE})::date)::text as day,
          count(*) filter (where type = 'install')::int as installs,
          count(*) filter (where type = 'uninstall')::int as uninstalls
        from app_events where type <> 'update' group by 1, 2 order by 1, 2`);
      const storedDaily = await rows(sql`
        select developer_app_id::text as app, day::text as day, installs, uninstalls
        from app_daily_installs order by 1, 2`);
      assert.deepEqual(storedDaily, recomputedDaily);

      const recomputedState = await rows(sql`
        select distinct on (developer_app_id, company_id) developer_app_id::text as app, company_id,
          id as last_event_id, occurred_at, type <> 'uninstall' as installed, company_name, company_is_demo, user_email
        from app_events order by developer_app_id, company_id, occurred_at desc, id collate "C" desc`);
      const storedState = await rows(sql`
        select developer_app_id::text as app, company_id, last_event_id, updated_at as occurred_at, installed,
          company_name, company_is_demo, user_email
        from app_installations order by developer_app_id, company_id`);
      assert.deepEqual(storedState, recomputedState);

      // Order does not matter: app B (shuffled, cut elsewhere) ends where app A did.
      const stateOf = async (appId: string) =>
        await rows(sql`select company_id, replace(last_event_id, ${appId === appA ? 'a-' : 'b-'}, '') as event,
            installed, updated_at from app_installations where developer_app_id = ${appId}
            and company_id like ${`r${runId}-%`} order by company_id`);
      assert.deepEqual(await stateOf(appB), await stateOf(appA));

      const recomputedViews = await rows(sql`
        select developer_app_id::text as app, day::text as day, sum(hits)::int as views, count(*)::int as unique_views
        from marketplace_listing_views group by 1, 2 order by 1, 2`);
      const storedViews = await rows(sql`
        select developer_app_id::text as app, day::text as day, views, unique_views from app_daily_views order by 1, 2`);
      assert.deepEqual(storedViews, recomputedViews);
    }),
    { numRuns: RUNS },
  );
  assert.ok(run >= RUNS);
});
