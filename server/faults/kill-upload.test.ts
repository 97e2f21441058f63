// kill -9 while logos upload, on the disk and on S3 (STORAGE_URL, the S3 test server): after the
// restart no app names a missing or partial file, the temp files of the dead process are swept at
// boot, and each app shows its last acknowledged logo (or one that was in flight when it died).
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { startS3TestServer } from '../src/test/s3-server.ts';
import { createSession, json, type Session } from './support/http.ts';
import { report, waitUntil } from './support/portal.ts';
import { type FaultRun, withFaultRun } from './support/run.ts';
import { logoForm, randomPng } from './support/upload.ts';

const LANES = 3;
const CYCLES = Number(process.env.FAULTS_UPLOAD_REPEAT ?? 5);
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

type Lane = { appId: string; sent: Set<string>; acked: string | null; since: string[] };

/** Uploads logos one after another; lane 0 trickles each body so a kill often lands mid-stream. */
async function uploadLoop(
  session: Session,
  lane: Lane,
  slow: boolean,
  state: { killed: boolean; acks: number },
) {
  for (let i = 0; !state.killed && i < 10_000; i++) {
    const png = randomPng(64 + Math.floor(Math.random() * 300), 64 + Math.floor(Math.random() * 300));
    const form = logoForm(png);
    lane.sent.add(sha(png));
    lane.since.push(sha(png));
    try {
      const res = await session.send({
        method: 'PUT',
        path: `/api/v1/developer_apps/${lane.appId}`,
        headers: { 'content-type': form.contentType, 'content-length': String(form.body.length) },
        body: async (req) => {
          const pieces = slow ? 8 : 1;
          const size = Math.ceil(form.body.length / pieces);
          for (let p = 0; p < pieces - 1 && !req.destroyed; p++) {
            req.write(form.body.subarray(p * size, (p + 1) * size));
            await delay(100);
          }
          req.end(form.body.subarray((pieces - 1) * size));
        },
      });
      if (res.status !== 200) assert.fail(`upload answered ${res.status}: ${res.body}`);
      lane.acked = sha(png);
      lane.since = [];
      state.acks++;
    } catch (error) {
      if (!state.killed) throw error;
    }
  }
}

for (const store of ['disk', 's3'] as const)
  test(`kill -9 during logo uploads × ${CYCLES} on ${store}: no record names a missing or partial file, temp files swept at boot`, async () => {
    const s3 = store === 's3' ? await startS3TestServer() : undefined;
    try {
      await withFaultRun('upload', (run) => killDuringUploads(run, store), s3?.env('kill-upload') ?? {});
    } finally {
      await s3?.close();
    }
  });

async function killDuringUploads(run: FaultRun, store: 'disk' | 's3') {
  const uploads = path.join(run.dataDir, 'uploads');
  let tempLeft = 0;
  let acks = 0;
  let portal = await run.start();
  const session = await run.signIn(portal);
  const cookies = session.cookies();
  const lanes: Lane[] = [];
  for (let n = 0; n < LANES; n++) {
    const res = await session.post('/api/v1/developer_apps', { internal_name: `Logo lane ${n}` });
    lanes.push({ appId: json<{ id: string }>(res).id, sent: new Set(), acked: null, since: [] });
  }

  for (let cycle = 1; cycle <= CYCLES; cycle++) {
    const state = { killed: false, acks: 0 };
    const uploaders = lanes.map((lane, n) => {
      const lanesSession = createSession(portal.origin);
      lanesSession.restore(cookies);
      return uploadLoop(lanesSession, lane, n === 0, state).finally(() => lanesSession.close());
    });
    await waitUntil('an acknowledged upload', () => state.acks >= 2, { timeoutMs: 60_000 });
    await delay(Math.random() * 400);
    state.killed = true;
    portal.kill('SIGKILL');
    await portal.exited;
    await Promise.all(uploaders);
    acks += state.acks;
    tempLeft += countFiles(path.join(uploads, 'tmp'));

    portal = await run.start();
    const own = `${portal.child.pid}@${hostname()}`;
    const leftovers = existsSync(path.join(uploads, 'tmp'))
      ? readdirSync(path.join(uploads, 'tmp')).filter((entry) => entry !== own)
      : [];
    assert.deepEqual(leftovers, [], `cycle ${cycle}: temp files of the dead process are swept at boot`);

    const reader = createSession(portal.origin);
    reader.restore(cookies);
    for (const [n, lane] of lanes.entries()) {
      const res = await reader.get(`/api/v1/developer_apps/${lane.appId}`);
      assert.equal(res.status, 200, `cycle ${cycle} lane ${n}: ${res.body}`);
      const app = json<{ thumbnail_url: string | null }>(res);
      if (!app.thumbnail_url) {
        assert.equal(lane.acked, null, `cycle ${cycle} lane ${n}: an acknowledged logo disappeared`);
        continue;
      }
      const logo = await reader.get(app.thumbnail_url);
      assert.equal(logo.status, 200, `cycle ${cycle} lane ${n}: the app names a file that is missing`);
      const got = sha(logo.body);
      assert.ok(
        lane.sent.has(got),
        `cycle ${cycle} lane ${n}: the logo is not a file that was uploaded whole`,
      );
      assert.ok(
        got === lane.acked || lane.since.includes(got),
        `cycle ${cycle} lane ${n}: an older logo than the last acknowledged one`,
      );
      // Whatever else sits in the store is a whole upload too (an orphan at worst, never partial). An
      // S3 object is whole or absent (one PUT); nothing of it may be on the local disk.
      for (const file of listFiles(path.join(uploads, 'logos', lane.appId)))
        assert.ok(
          store === 'disk' && lane.sent.has(sha(readFileSync(file))),
          `cycle ${cycle}: ${store === 'disk' ? 'a partial file in the store' : 'a logo on the local disk'}`,
        );
      lane.acked = got;
      lane.since = [];
    }
    reader.close();
  }
  assert.ok(tempLeft > 0, 'the kills left unfinished uploads for the boot sweep');
  report('kill-9-upload', {
    store,
    cycles: CYCLES,
    acknowledgedUploads: acks,
    tempFilesLeftByKillsAndSwept: tempLeft,
  });
  portal.kill('SIGTERM');
  assert.equal((await portal.exited).code, 0);
}

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const countFiles = (dir: string) => listFiles(dir).length;
