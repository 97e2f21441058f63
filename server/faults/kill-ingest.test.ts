// kill -9 while the platform posts app-event batches, then the platform replays every batch (as it
// does for any batch it got no 202 for): every count is exact — each event counted once, none lost,
// every company's installation its latest event — on PGlite (and on PostgreSQL with DATABASE_URL).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { createSession, json } from './support/http.ts';
import { report } from './support/portal.ts';
import { withFaultRun } from './support/run.ts';

const TOKEN = 'faults-service-token-faults-service-token-01';
const CYCLES = Number(process.env.FAULTS_INGEST_REPEAT ?? 5);
const BATCHES = 6;
const PER_BATCH = 1000;
const COMPANIES = 400;
const env = {
  SERVICE_TOKENS: TOKEN,
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
};

type Event = { id: string; type: 'install' | 'uninstall' | 'update'; company: number; at: number };

test(`kill -9 during batch ingests × ${CYCLES}, then a replay: every count exact`, async () => {
  await withFaultRun(
    'kill-ingest',
    async (run) => {
      let portal = await run.start();
      const developer = await run.signIn(portal);
      const cookies = developer.cookies();
      const created = await developer.post('/api/v1/developer_apps', { internal_name: 'Killed Ingest' });
      assert.equal(created.status, 201, created.body.toString());
      const appId = json<{ id: string }>(created).id;
      const now = Date.now();
      const all: Event[] = [];
      let killedMidBatch = 0;

      for (let cycle = 1; cycle <= CYCLES; cycle++) {
        const batches = Array.from({ length: BATCHES }, (_, b) =>
          Array.from({ length: PER_BATCH }, (_, i): Event => {
            const n = (cycle * BATCHES + b) * PER_BATCH + i;
            return {
              id: `k${cycle}-${b}-${i}`,
              type: n % 5 === 0 ? 'uninstall' : n % 7 === 0 ? 'update' : 'install',
              company: (n * 7919) % COMPANIES,
              // Out of order on purpose: any minute of the last 30 days.
              at: now - ((n * 104_729) % (30 * 24 * 60)) * 60_000,
            };
          }),
        );
        all.push(...batches.flat());
        const body = (events: Event[]) => ({
          events: events.map((e) => ({
            id: e.id,
            type: e.type,
            developer_app_id: appId,
            company_id: `co-${e.company}`,
            company_name: `Company ${e.company}`,
            user_email_address: `u${e.company}@example.com`,
            occurred_at: new Date(e.at).toISOString(),
          })),
        });
        const post = async (events: Event[]) => {
          const platform = createSession(portal.origin);
          try {
            return await platform.send({
              method: 'POST',
              path: '/api/v1/platform/app_events',
              headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
              body: JSON.stringify(body(events)),
            });
          } finally {
            platform.close();
          }
        };
        let killed = false;
        let answered = 0;
        const sending = batches.map((batch) =>
          post(batch).then(
            (res) => {
              assert.equal(res.status, 202, res.body.toString());
              answered++;
            },
            (error) => {
              if (!killed) throw error;
            },
          ),
        );
        await delay(50 + Math.random() * 400);
        killed = true;
        portal.kill('SIGKILL');
        await portal.exited;
        await Promise.all(sending);
        if (answered < BATCHES) killedMidBatch++;

        portal = await run.start();
        // The platform replays every batch of the cycle (and one of an earlier cycle): nothing twice.
        for (const batch of batches) {
          const res = await post(batch);
          assert.equal(res.status, 202, res.body.toString());
          assert.equal(json<{ rejected: number }>(res).rejected, 0);
        }
      }

      const reader = createSession(portal.origin);
      reader.restore(cookies);
      const metrics = json<{
        daily_app_installations_aggregates: { total_count: number };
        daily_app_uninstallations_aggregates: { total_count: number };
      }>(await reader.get(`/api/v1/developer_apps/${appId}/metrics?range=90`));
      const count = (type: Event['type']) => all.filter((e) => e.type === type).length;
      assert.equal(metrics.daily_app_installations_aggregates.total_count, count('install'));
      assert.equal(metrics.daily_app_uninstallations_aggregates.total_count, count('uninstall'));
      const latest = new Map<number, Event>();
      for (const e of all) {
        const seen = latest.get(e.company);
        if (!seen || e.at > seen.at || (e.at === seen.at && e.id > seen.id)) latest.set(e.company, e);
      }
      const rows: Array<{ company_name: string; status: string }> = [];
      for (let page = 1; page <= 10; page++) {
        const res = await reader.get(
          `/api/v1/developer_apps/${appId}/installations?per_page=100&page=${page}`,
        );
        assert.equal(res.status, 200);
        rows.push(...json<typeof rows>(res));
        if (page === 1) assert.equal(res.headers.total, String(latest.size));
      }
      assert.equal(rows.length, latest.size);
      for (const row of rows) {
        const company = Number(row.company_name.replace('Company ', ''));
        assert.equal(
          row.status,
          latest.get(company)!.type === 'uninstall' ? 'uninstalled' : 'installed',
          row.company_name,
        );
      }
      reader.close();
      report('kill-9-ingest', { cycles: CYCLES, events: all.length, killedMidBatch, lost: 0, doubled: 0 });
    },
    env,
  );
});
