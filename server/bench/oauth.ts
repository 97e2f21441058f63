// `npm run bench:oauth -w server` (issue 26): the OAuth server and the platform API over real HTTP,
// on PGlite and, with BENCH_DATABASE_URL / DATABASE_URL, on PostgreSQL — client-credentials tokens
// per second at 50 connections (each a token row written) and `GET /rest/v1.0/me` (token lookup and
// the bucket check) at an offered 500 req/s. The server is the API tests' app in a child process
// (bench/oauth-fixture.ts), so the load generator never shares its event loop.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import autocannon from 'autocannon';
import { offeredRate, summarize } from './load.ts';
import { plannedTargets } from './targets.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

type Fixture = { url: string; clientId: string; secret: string };

async function tokensPerSecond(fixture: Fixture) {
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${fixture.url}/oauth/token`,
        method: 'POST',
        connections: 50,
        duration: SECONDS,
        sampleInt: 100,
        headers: {
          authorization: `Basic ${Buffer.from(`${fixture.clientId}:${fixture.secret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  });
  return { rps: result.requests.total / result.duration, non2xx: result.non2xx, ...summarize(times) };
}

async function accessToken(fixture: Fixture) {
  const res = await fetch(`${fixture.url}/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${fixture.clientId}:${fixture.secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  if (!res.ok) throw new Error(`token: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

const databaseUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
const fmt = (n: number) => (n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(1));
console.log(`| database | check | value | target | |\n| --- | --- | ---: | --- | --- |`);
for (const kind of plannedTargets(process.env)) {
  const env = { ...process.env, TEST_DB: kind, TEST_DATABASE_URL: databaseUrl ?? '', REDIS_URL: '' };
  const child = fork(path.join(import.meta.dirname, 'oauth-fixture.ts'), { env });
  try {
    const [fixture] = (await Promise.race([
      once(child, 'message'),
      once(child, 'exit').then(([code]) => {
        throw new Error(`the fixture exited (${code})`);
      }),
    ])) as [Fixture];
    const tokens = await tokensPerSecond(fixture);
    const tokensOk = tokens.non2xx === 0 && tokens.rps >= 300 && tokens.p99 <= 50;
    console.log(
      `| ${kind} | client_credentials, 50 connections, ${SECONDS} s | ${fmt(tokens.rps)} tokens/s, p99 ${fmt(tokens.p99)} ms (p50 ${fmt(tokens.p50)}), ${tokens.non2xx} non-2xx | ≥ 300/s, p99 ≤ 50 ms${kind === 'postgres' ? '' : ' (PostgreSQL)'} | ${tokensOk ? '✅' : '❌'} |`,
    );
    const token = await accessToken(fixture);
    const me = await offeredRate(`${fixture.url}/rest/v1.0/me`, {
      rate: 500,
      seconds: SECONDS,
      connections: 10,
      headers: { authorization: `Bearer ${token}` },
    });
    const meOk = !me.dropped && me.p99 <= 10;
    console.log(
      `| ${kind} | /rest/v1.0/me at 500 req/s, ${SECONDS} s | p99 ${fmt(me.p99)} ms (p50 ${fmt(me.p50)}), ${fmt(me.achieved)}/${me.offered} req/s, ${me.non2xx} non-2xx | p99 ≤ 10 ms, none dropped | ${meOk ? '✅' : '❌'} |`,
    );
  } finally {
    child.send('stop');
    await once(child, 'exit');
  }
}
