// Image bombs against a real portal process: small PNGs with huge dimensions (8192×8192 and
// 4096×4096, 16-bit RGBA: 0.5 MB and 0.13 MB on the wire, 512 MB and 128 MB decoded), ten at once as
// listing screenshots and ten at once as app logos, then ten of the largest images each field
// accepts (decoded, off the request thread). Throughout, /healthz answers within 20 ms at the 99th
// percentile (beyond the machine's own p99 for /healthz alone, the noisiest of a second measured
// before each round: a loaded CI machine adds its noise to both; the rounds are measured again once
// when it falls behind) and the process's peak resident memory grows by less than its bound.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { LOGO_MAX_DIMENSION } from '@portal/contracts';
import { multipart, pngBomb, pngBytes } from '../src/test/uploads.ts';
import { json, request, type Session } from './support/http.ts';
import { ADMIN, report } from './support/portal.ts';
import { withFaultRun } from './support/run.ts';

const AT_ONCE = 10;
const HEALTHZ_P99_MS = 20;
/** What the bursts may add to the process's peak resident memory (the old decode took ~2 GB). */
const MEMORY_BOUND_MB = 192;

const statusKb = (pid: number, field: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);

/** Polls /healthz one request after another on its own connection until `stop`; the latencies in ms. */
async function pollHealth(origin: string, stop: { done: boolean }): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  try {
    while (!stop.done) {
      const started = performance.now();
      const res = await request(agent, origin, { path: '/healthz' });
      latencies.push(performance.now() - started);
      assert.equal(res.status, 200);
      await delay(2);
    }
  } finally {
    agent.destroy();
  }
  return latencies;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

type Upload = { method: string; path: string; name: string; data: Buffer };

/** Sends `uploads` at once while /healthz is polled; the answers and the health latencies. */
async function burst(session: Session, origin: string, uploads: Upload[]) {
  const stop = { done: false };
  const health = pollHealth(origin, stop);
  await delay(50);
  const answers = await Promise.all(
    uploads.map(({ method, path, name, data }) => {
      const form = multipart([{ name, filename: 'image.png', type: 'image/png', data }]);
      return session.send({ method, path, headers: form.headers, body: form.payload, timeoutMs: 60_000 });
    }),
  );
  await delay(50);
  stop.done = true;
  return { answers, latencies: await health };
}

test(`image bombs × ${AT_ONCE} at once: refused from their header, /healthz p99 ≤ ${HEALTHZ_P99_MS} ms, memory bounded`, () =>
  withFaultRun('image-bombs', async (run) => {
    const [screenshotBomb, logoBomb] = await Promise.all([pngBomb(8192, 8192), pngBomb(4096, 4096)]);
    const largestScreenshot = pngBytes(1920, 1080);
    const largestLogo = pngBytes(LOGO_MAX_DIMENSION, LOGO_MAX_DIMENSION);
    const portal = await run.start();
    const pid = portal.child.pid!;
    const admin = await run.signIn(portal, { email: ADMIN });
    // An app and a listing draft for each upload of a burst (saves to one listing queue behind each other).
    const apps: Array<{ id: string; draft: string }> = [];
    for (let n = 0; n < AT_ONCE; n++) {
      const app = json<{ id: string }>(
        await admin.post('/api/v1/developer_apps', { internal_name: `Bombs ${n}` }),
      );
      const draft = await admin.post(`/api/v1/admin/developer_apps/${app.id}/submissions`, {
        public_name: 'B',
      });
      assert.equal(draft.status, 201, String(draft.body));
      apps.push({ id: app.id, draft: json<{ id: string }>(draft).id });
    }
    const screenshot = (data: Buffer, n: number): Upload => ({
      method: 'PATCH',
      path: `/api/v1/admin/submissions/${apps[n]!.draft}`,
      name: 'submission[pictures_attributes][0][file]',
      data,
    });
    const logo = (data: Buffer, n: number): Upload => ({
      method: 'PUT',
      path: `/api/v1/developer_apps/${apps[n]!.id}`,
      name: 'developer_app[thumbnail]',
      data,
    });
    // Warm up (the decoder thread starts on first use), then measure the peak from here.
    const warm = await burst(admin, portal.origin, [
      logo(pngBytes(64, 64), 0),
      screenshot(pngBytes(1280, 720), 0),
    ]);
    assert.deepEqual(
      warm.answers.map((res) => res.status),
      [200, 200],
    );
    // /healthz alone, before each round: what this machine adds on its own, whatever the uploads do.
    // The noisiest of these idle seconds is the baseline: on a CI machine running other suites beside
    // this one, one second measured once missed load that came and went during the rounds.
    const idleSecond = async (idleP99s: number[]) => {
      const idle = { done: false };
      const idleHealth = pollHealth(portal.origin, idle);
      await delay(1_000);
      idle.done = true;
      idleP99s.push(percentile(await idleHealth, 99));
    };
    const rounds = {
      screenshotBombs: apps.map((_, n) => screenshot(screenshotBomb, n)),
      logoBombs: apps.map((_, n) => logo(logoBomb, n)),
      largestAccepted: apps.map((_, n) => (n % 2 ? screenshot(largestScreenshot, n) : logo(largestLogo, n))),
    };
    /** An idle second before each round, the three rounds, and /healthz's latencies through them. */
    const measureRounds = async () => {
      const idleP99s: number[] = [];
      const latencies: number[] = [];
      const answered: Record<string, string> = {};
      for (const [round, uploads] of Object.entries(rounds)) {
        await idleSecond(idleP99s);
        const result = await burst(admin, portal.origin, uploads);
        latencies.push(...result.latencies);
        answered[round] = result.answers.map((res) => res.status).join(',');
        answered[`${round}P99Ms`] = percentile(result.latencies, 99).toFixed(1);
        for (const res of result.answers) {
          const expected = round === 'largestAccepted' ? 200 : 422;
          assert.equal(res.status, expected, `${round}: ${res.body.toString('utf8').slice(0, 300)}`);
          if (expected === 422) assert.match(res.body.toString('utf8'), /at most|between/, round);
        }
      }
      const baselineP99 = Math.max(...idleP99s);
      const p99 = percentile(latencies, 99);
      return { latencies, answered, baselineP99, p99, within: p99 <= baselineP99 + HEALTHZ_P99_MS };
    };
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    const before = statusKb(pid, 'VmRSS');
    // The rounds are measured again once when /healthz fell behind: on a CI machine running other
    // suites beside this one, a stall of the machine in one round (a 241 ms /healthz among 246
    // samples, once) is not told apart from the portal's own. A portal that decodes a bomb on its
    // request thread falls behind in both.
    let measured = await measureRounds();
    const firstP99 = measured.p99;
    if (!measured.within) measured = await measureRounds();
    const { latencies, answered, baselineP99, p99 } = measured;
    const peakGrowthMb = Math.round((statusKb(pid, 'VmHWM') - before) / 1024);
    report('image-bombs', {
      firstP99Ms: firstP99.toFixed(1),
      healthzSamples: latencies.length,
      healthzBaselineP99Ms: baselineP99.toFixed(1),
      healthzP50Ms: percentile(latencies, 50).toFixed(1),
      healthzP99Ms: p99.toFixed(1),
      healthzMaxMs: Math.max(...latencies).toFixed(1),
      rssBeforeMb: Math.round(before / 1024),
      peakGrowthMb,
      ...answered,
    });
    assert.ok(latencies.length >= 50, `too few health samples: ${latencies.length}`);
    assert.ok(
      measured.within,
      `/healthz p99 ${p99.toFixed(1)} ms > ${HEALTHZ_P99_MS} ms beyond its idle p99 (${baselineP99.toFixed(1)} ms)`,
    );
    assert.ok(peakGrowthMb <= MEMORY_BOUND_MB, `peak memory grew ${peakGrowthMb} MB > ${MEMORY_BOUND_MB} MB`);
    portal.kill('SIGTERM');
    assert.equal((await portal.exited).code, 0);
  }));
