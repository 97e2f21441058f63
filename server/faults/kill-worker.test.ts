// kill -9 while job workers are busy (sandbox builds, and e-mails to a slow SMTP server): after the
// restart, each job a dead worker held is retried and its effect happens once: every sandbox is
// live with one OAuth client, and every "sandbox ready" e-mail arrives once (its Message-ID once;
// a copy the dead worker had handed over before it heard back carries the same Message-ID).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { json, type Session } from './support/http.ts';
import { excerpt, freePort, report, waitUntil } from './support/portal.ts';
import { adminQuery, createDatabase } from './support/postgres.ts';
import { withFaultRun } from './support/run.ts';
import { countByMessageId, createSmtpSink } from './support/smtp-sink.ts';

const CYCLES = Number(process.env.FAULTS_WORKER_REPEAT ?? 3);
const READY = /^Your sandbox for (Worker \d+-\d+) is ready$/;

test(`kill -9 with jobs running × ${CYCLES}: each killed job is retried and its effect happens once`, async () => {
  const database = await createDatabase('worker');
  const sink = createSmtpSink(await freePort(), { holdMs: 300 });
  await sink.start();
  const query = async <T>(sql: string) => (await adminQuery(database.url, sql)).rows as T[];
  try {
    await withFaultRun(
      'worker',
      async (run) => {
        run.onClose(() => sink.stop());
        const created = new Map<string, string>(); // app id → internal name
        const killed = new Map<string, string>(); // job id → queue, of jobs running at a kill
        let portal = await run.start();
        let session = await run.signIn(portal);

        for (let cycle = 1; cycle <= CYCLES; cycle++) {
          const readyBefore = readyMails(sink.messages.map((m) => m.subject)).length;
          let stop = false;
          const createApps = async (writer: Session) => {
            for (let n = 0; !stop && n < 1_000; n++) {
              const name = `Worker ${cycle}-${n}`;
              try {
                const res = await writer.post('/api/v1/developer_apps', { internal_name: name });
                if (res.status === 201) created.set(json<{ id: string }>(res).id, name);
              } catch (error) {
                if (!stop) throw error;
              }
              await delay(50);
            }
          };
          const writing = createApps(session);
          // Jobs are flowing (builds done, e-mails being handed over one by one): kill the process.
          await waitUntil(
            'sandbox e-mails to flow',
            () => readyMails(sink.messages.map((m) => m.subject)).length >= readyBefore + 2,
            { timeoutMs: 60_000 },
          );
          await delay(Math.random() * 300);
          stop = true;
          portal.kill('SIGKILL');
          await portal.exited;
          await writing;
          session.close();
          // What the dead process was running when it died.
          for (const row of await query<{ id: string; name: string }>(
            "select id, name from pgboss.job where state = 'active'",
          ))
            killed.set(row.id, row.name);

          portal = await run.start();
          session = await run.signIn(portal);
        }
        const killedIn = (queue: string) => [...killed.values()].filter((name) => name === queue).length;
        assert.ok(killedIn('mail.send') > 0, 'the kills landed while jobs ran');

        // Every app created: live sandbox, one OAuth client, one e-mail; no job left behind.
        const names = new Set(created.values());
        const startedWaiting = Date.now();
        await waitUntil(
          'every sandbox to be live, every e-mail to arrive and every job to complete',
          async () => {
            const [live] = await query<{ n: number }>(
              `select count(*)::int as n from sandboxes where status = 'live' and developer_app_id in (${ids(created)})`,
            );
            const [unfinished] = await query<{ n: number }>(
              "select count(*)::int as n from pgboss.job where name in ('mail.send', 'sandboxes.provision') and state <> 'completed'",
            );
            const arrived = new Set(readyMails(sink.messages.map((m) => m.subject)));
            return (
              live!.n === created.size && unfinished!.n === 0 && [...names].every((name) => arrived.has(name))
            );
          },
          { timeoutMs: 120_000, everyMs: 500 },
        ).catch(async (error: Error) => {
          const jobs = await query(
            "select name, state, retry_count, output from pgboss.job where state <> 'completed'",
          );
          throw new Error(
            `${error.message}\n${JSON.stringify(jobs).slice(0, 3000)}\n${excerpt(portal.output())}`,
          );
        });
        const settledMs = Date.now() - startedWaiting;

        const clients = await query<{ developer_app_id: string; n: number }>(
          `select developer_app_id, count(*)::int as n from oauth_applications
           where environment = 'sandbox' and developer_app_id in (${ids(created)}) group by developer_app_id`,
        );
        assert.equal(clients.length, created.size);
        assert.deepEqual(
          clients.filter((row) => row.n !== 1),
          [],
          'one sandbox OAuth client per app',
        );
        const ours = sink.messages.filter(
          (m) => READY.test(m.subject) && names.has(READY.exec(m.subject)![1]!),
        );
        const byId = countByMessageId(ours);
        const subjectsById = new Map(ours.map((m) => [m.messageId, m.subject]));
        assert.equal(byId.size, created.size, 'one Message-ID per app');
        assert.equal(new Set(subjectsById.values()).size, created.size, 'one e-mail per app');
        report('kill-9-worker', {
          cycles: CYCLES,
          apps: created.size,
          killedMailJobs: killedIn('mail.send'),
          killedSandboxJobs: killedIn('sandboxes.provision'),
          resentCopies: ours.length - byId.size,
          settledMsAfterLastRestart: settledMs,
        });
        portal.kill('SIGTERM');
        assert.equal((await portal.exited).code, 0);
      },
      { DATABASE_URL: database.url, SMTP_URL: sink.url },
    );
  } finally {
    await database.drop();
  }
});

function readyMails(subjects: string[]): string[] {
  return subjects.flatMap((subject) => READY.exec(subject)?.[1] ?? []);
}

const ids = (created: Map<string, string>) => [...created.keys()].map((id) => `'${id}'`).join(',') || 'null';
