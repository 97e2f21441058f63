// `npm run bench:cluster` (issue 28): what a second instance costs or buys on the same machine. The
// test:cluster setup (PostgreSQL, Redis, the S3 test server, HAProxy running deploy/haproxy.cfg) with
// one instance, then with two, then one and two again; each time autocannon sends the demo developer's
// signed-in My Apps and `/api/v1/me` through the balancer. On a machine with N cores the figure to
// read is req/s with two ÷ with one: ≥ 0.9 on 2 cores means an instance adds no per-request cost of its
// own (no Redis round trip on the hot path); on ≥ 8 cores it is the scaling. See docs/benchmarks.md.
import { availableParallelism } from 'node:os';
import autocannon from 'autocannon';
import { cookieHeader, signIn } from '../../scripts/harness/sign-in.ts';
import { withCluster } from '../faults/support/cluster.ts';
import { DEMO_PASSWORD, DEVELOPER } from '../faults/support/portal.ts';

const seconds = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const counts = (process.env.BENCH_INSTANCES ?? '1,2').split(',').map(Number);
const routes = { 'My Apps': '/api/v1/developer_apps?per_page=25', '/api/v1/me': '/api/v1/me' };

type Figure = { instances: number; route: string; rps: number; p99: number; failed: number };

async function measure(instances: number): Promise<Figure[]> {
  const figures: Figure[] = [];
  await withCluster(`bench_cluster_${instances}`, { instances }, async (cluster) => {
    const cookie = cookieHeader(await signIn(cluster.balancer.origin, DEVELOPER, DEMO_PASSWORD));
    for (const [route, path] of Object.entries(routes)) {
      const url = `${cluster.balancer.origin}${path}`;
      // A short warm-up: each instance's session cache and the database's plans.
      await autocannon({ url, connections, amount: 500 * instances, headers: { cookie } });
      const result = await autocannon({ url, connections, duration: seconds, headers: { cookie } });
      figures.push({
        instances,
        route,
        rps: Math.round(result.requests.total / seconds),
        p99: result.latency.p99,
        failed: result.non2xx + result.errors,
      });
      console.log(
        `  ${instances} instance(s), ${route}: ${figures.at(-1)!.rps} req/s, p99 ${result.latency.p99} ms`,
      );
    }
  });
  return figures;
}

const all: Figure[] = [];
for (let round = 1; round <= rounds; round++)
  for (const instances of counts) {
    console.log(`round ${round}: ${instances} instance(s) behind HAProxy`);
    all.push(...(await measure(instances)));
  }

console.log(
  `\n${availableParallelism()} cores, ${connections} connections, ${seconds} s a run, ${rounds} round(s)\n`,
);
console.log('| route | instances | req/s (each round) | p99 ms | failed | ÷ one instance |');
console.log('| --- | ---: | --- | --- | ---: | ---: |');
for (const route of Object.keys(routes)) {
  const of = (n: number) => all.filter((f) => f.route === route && f.instances === n);
  const mean = (figures: Figure[]) => figures.reduce((sum, f) => sum + f.rps, 0) / figures.length;
  for (const n of counts) {
    const figures = of(n);
    console.log(
      `| ${route} | ${n} | ${figures.map((f) => f.rps).join(', ')} | ${figures.map((f) => f.p99).join(', ')} | ${figures.reduce((s, f) => s + f.failed, 0)} | ${(mean(figures) / mean(of(counts[0]!))).toFixed(2)}× |`,
    );
  }
}
