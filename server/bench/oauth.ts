// `npm run bench:oauth -w server` (issue 26): the OAuth server and the platform API over real HTTP,
// on PGlite and, with BENCH_DATABASE_URL / DATABASE_URL, on PostgreSQL — client-credentials tokens at
// an offered 300/s and at the ceiling of 50 connections (each a token row written), and
// `GET /rest/v1.0/me` (token lookup and the bucket check) at an offered 500 req/s. The server is the
// API tests' app in a child process (bench/oauth-fixture.ts): the load generator never shares its
// event loop.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import autocannon from 'autocannon';
import { offeredRate } from './load.ts';
import { plannedTargets } from './targets.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

type Fixture = { url: string; clientId: string; secret: string };

const basicOf = (fixture: Fixture) =>
  `Basic ${Buffer.from(`${fixture.clientId}:${fixture.secret}`).toString('base64')}`;
const TOKEN_REQUEST = 'grant_type=client_credentials';
const tokenHeaders = (fixture: Fixture) => ({
  authorization: basicOf(fixture),
  'content-type': 'application/x-www-form-urlencoded',
});

/** As many client-credentials tokens as 50 connections get: the ceiling (each writes a token row). */
async function tokenCeiling(fixture: Fixture) {
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      {
        url: `${fixture.url}/oauth/token`,
        method: 'POST',
        connections: 50,
        duration: SECONDS,
        sampleInt: 100,
        headers: tokenHeaders(fixture),
        body: TOKEN_REQUEST,
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
  });
  return { rps: result.requests.total / result.duration, non2xx: result.non2xx };
}

async function accessToken(fixture: Fixture) {
  const res = await fetch(`${fixture.url}/oauth/token`, {
    method: 'POST',
    headers: tokenHeaders(fixture),
    body: TOKEN_REQUEST,
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
    // The issue's figure: 300 tokens/s offered, p99 ≤ 50 ms (on PostgreSQL), none dropped.
    const offered = await offeredRate(`${fixture.url}/oauth/token`, {
      rate: 300,
      seconds: SECONDS,
      connections: 10,
      headers: tokenHeaders(fixture),
      method: 'POST',
      body: TOKEN_REQUEST,
    });
    const offeredOk = !offered.dropped && offered.p99 <= 50;
    console.log(
      `| ${kind} | client_credentials at 300 tokens/s, ${SECONDS} s | p99 ${fmt(offered.p99)} ms (p50 ${fmt(offered.p50)}), ${fmt(offered.achieved)}/${offered.offered} tokens/s, ${offered.non2xx} non-2xx | p99 ≤ 50 ms, none dropped${kind === 'postgres' ? '' : ' (PostgreSQL)'} | ${offeredOk ? '✅' : '❌'} |`,
    );
    const ceiling = await tokenCeiling(fixture);
    console.log(
      `| ${kind} | client_credentials, 50 connections, ${SECONDS} s | ${fmt(ceiling.rps)} tokens/s, ${ceiling.non2xx} non-2xx | the ceiling (no target) | |`,
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
