// `npm run bench:installations -w server` (issue 24): the installations figures on PGlite, and on
// PostgreSQL when a URL is set — a 1,000-event batch, the 365-day report of an app with five years
// of daily data, 100,000 installations and 2,000,000 raw views, the install feed's first, middle and
// last page, and the CSV of 1,000,000 installations (rows/s, first byte, memory growth, /healthz p99
// meanwhile). Prints a markdown table against the targets. Sizes: BENCH_DAYS, BENCH_INSTALLS,
// BENCH_VIEWS, BENCH_CSV_ROWS.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { cookieHeader, signIn } from '../../scripts/harness/sign-in.ts';
import { startPortal } from './processes.ts';
import { BENCH_DEVELOPER, BENCH_PASSWORD } from './seed.ts';
import { openTarget, plannedTargets } from './targets.ts';

const TOKEN = 'bench-service-token-bench-service-token-0123';
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};
const timed = async (run: () => Promise<Response>) => {
  const start = performance.now();
  const res = await run();
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${res.status} ${res.url}`);
  return performance.now() - start;
};

type Line = { check: string; value: number; unit: string; target: string; ok: boolean };

async function benchTarget(kind: 'pglite' | 'postgres'): Promise<Line[]> {
  const target = await openTarget(kind, process.env);
  try {
    const child = fork(path.join(import.meta.dirname, 'installations-seed.ts'), {
      env: { ...process.env, DATA_DIR: target.dataDir, DATABASE_URL: target.databaseUrl ?? '' },
    });
    const message = once(child, 'message') as Promise<[{ reportApp: string; csvApp: string }]>;
    const [code] = (await once(child, 'exit')) as [number | null];
    if (code !== 0) throw new Error(`seeding failed (exit ${code})`);
    const [{ reportApp, csvApp }] = await message;
    process.env.SERVICE_TOKENS = TOKEN;
    const portal = await startPortal(target);
    try {
      const base = portal.url;
      const cookie = cookieHeader(await signIn(base, BENCH_DEVELOPER, BENCH_PASSWORD));
      const get = (url: string) => fetch(`${base}${url}`, { headers: { cookie } });
      const lines: Line[] = [];
      const line = (check: string, value: number, unit: string, target: string, ok: boolean) =>
        lines.push({ check, value: Math.round(value * 10) / 10, unit, target, ok });

      // A 1,000-event batch, 20 times (fresh ids, spread over 500 companies).
      const batches: number[] = [];
      for (let b = 0; b < 20; b++) {
        const events = Array.from({ length: 1000 }, (_, i) => ({
          id: `bench-${b}-${i}`,
          type: i % 10 === 0 ? 'uninstall' : 'install',
          developer_app_id: reportApp,
          company_id: `bench-co-${(b * 1000 + i) % 500}`,
          company_name: `Bench Company ${i}`,
          user_email_address: `bench${i}@example.com`,
          occurred_at: new Date(Date.now() - i * 60_000).toISOString(),
        }));
        batches.push(
          await timed(() =>
            fetch(`${base}/api/v1/platform/app_events`, {
              method: 'POST',
              headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
              body: JSON.stringify({ events }),
            }),
          ),
        );
      }
      line(
        '1,000-event batch p95',
        percentile(batches, 95),
        'ms',
        '≤ 1000 (PGlite)',
        percentile(batches, 95) <= 1000,
      );

      const report: number[] = [];
      for (let i = 0; i < 200; i++)
        report.push(await timed(() => get(`/api/v1/developer_apps/${reportApp}/metrics?range=365`)));
      line('365-day report p50', percentile(report, 50), 'ms', '≤ 20', percentile(report, 50) <= 20);
      line('365-day report p99', percentile(report, 99), 'ms', '≤ 50', percentile(report, 99) <= 50);

      const total = Number(
        (await get(`/api/v1/developer_apps/${reportApp}/installations`)).headers.get('total'),
      );
      const lastPage = Math.max(1, Math.ceil(total / 25));
      for (const [name, page] of [
        ['first', 1],
        ['middle', Math.ceil(lastPage / 2)],
        ['last', lastPage],
      ] as const) {
        const times: number[] = [];
        for (let i = 0; i < 30; i++)
          times.push(
            await timed(() => get(`/api/v1/developer_apps/${reportApp}/installations?page=${page}`)),
          );
        line(`feed ${name} page (p50)`, percentile(times, 50), 'ms', '≤ 20', percentile(times, 50) <= 20);
      }

      // The CSV while /healthz is asked every 20 ms.
      const before = portal.memory().rssMb ?? 0;
      let exporting = true;
      const health: number[] = [];
      const probe = (async () => {
        while (exporting) {
          health.push(await timed(() => fetch(`${base}/healthz`)));
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      const start = performance.now();
      const res = await get(`/api/v1/developer_apps/${csvApp}/installations.csv`);
      let firstByte = 0;
      let newlines = 0;
      let peak = before;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        if (!firstByte) firstByte = performance.now() - start;
        for (const byte of chunk) if (byte === 10) newlines++;
        peak = Math.max(peak, portal.memory().rssMb ?? 0);
      }
      const seconds = (performance.now() - start) / 1000;
      exporting = false;
      await probe;
      const csvTarget = kind === 'pglite' ? 50_000 : 100_000;
      line(
        'CSV rows/s',
        (newlines - 1) / seconds,
        'rows/s',
        `≥ ${csvTarget.toLocaleString('en-US')}`,
        (newlines - 1) / seconds >= csvTarget,
      );
      line('CSV first byte', firstByte, 'ms', '≤ 300', firstByte <= 300);
      line('CSV memory growth', peak - before, 'MB', '≤ 50', peak - before <= 50);
      line('/healthz p99 during CSV', percentile(health, 99), 'ms', '≤ 20', percentile(health, 99) <= 20);
      return lines;
    } finally {
      await portal.stop();
    }
  } finally {
    await target.drop();
  }
}

for (const kind of plannedTargets(process.env)) {
  const lines = await benchTarget(kind);
  console.log(`\n## ${kind}\n\n| check | value | target | |\n| --- | ---: | --- | --- |`);
  for (const l of lines)
    console.log(
      `| ${l.check} | ${l.value.toLocaleString('en-US')} ${l.unit} | ${l.target} | ${l.ok ? '✓' : '✗'} |`,
    );
}
