// Steady mixed load for the cluster suite: signed-in clients, each on keep-alive connections of its
// own, calling the portal's API (lists, /me, creates with an Idempotency-Key, logo uploads and
// downloads) and, as an app, the OAuth token endpoint and the platform API with the token it got.
// Every request is recorded (kind, when it began and ended, its answer or error) so a scenario can
// tell what was in flight at a given moment.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { INSTANCE_HEADER } from '../../src/platform/http/security-headers.ts';
import { errorCode, json, RESET_CODES, request, type Session } from './http.ts';
import { waitUntil } from './portal.ts';
import { logoForm, randomPng } from './upload.ts';

/** One round of each worker: 12 requests, 2 of them OAuth token calls or platform API calls each. */
const MIX = [
  'list',
  'me',
  'create',
  'api',
  'list',
  'token',
  'me',
  'create',
  'upload',
  'api',
  'list',
  'logo',
] as const;
type Kind = (typeof MIX)[number];

export type Sample = {
  kind: Kind;
  began: number;
  ended: number;
  status?: number;
  /** The error code of a request that got no answer (ECONNRESET, …). */
  error?: string;
  instance?: string;
  /** A failure: no answer, or not the expected status. */
  failed: boolean;
  detail?: string;
};

export type LoadResult = {
  samples: Sample[];
  /** From the start of the load to its stop. */
  ms: number;
  failures: Sample[];
  resets: number;
  instances: Set<string>;
  /** The ids of apps whose create was acknowledged (201). */
  created: string[];
  /** Each worker's app, with a logo once an upload was acknowledged. */
  apps: Array<{ id: string; logoUrl?: string }>;
  /** Latency percentile (ms) of the samples `which` keeps (all by default). */
  percentile(p: number, which?: (sample: Sample) => boolean): number;
};

export type Load = { stop(): Promise<LoadResult> };

/** An app of its own with a live sandbox client, for a worker's OAuth calls. */
export type SandboxClient = { appId: string; clientId: string; secret: string };

/** Creates an app through `session`, waits for its sandbox (a job) and reveals the client secret. */
export async function sandboxClient(session: Session, name: string): Promise<SandboxClient> {
  const created = await session.post('/api/v1/developer_apps', { internal_name: name });
  if (created.status !== 201) throw new Error(`app: ${created.status} ${created.body}`);
  const appId = json<{ id: string }>(created).id;
  const sandbox = await waitUntil(
    `the sandbox of ${name} to be live`,
    async () => {
      const res = await session.get(`/api/v1/developer_apps/${appId}`);
      const app = json<{ sandbox?: { status: string; oauth_application_id: string } }>(res);
      return app.sandbox?.status === 'live' ? app.sandbox : undefined;
    },
    { timeoutMs: 60_000, everyMs: 100 },
  );
  const revealed = await session.post(
    `/api/v1/oauth_applications/${sandbox.oauth_application_id}/reveal_secret`,
  );
  if (revealed.status !== 200) throw new Error(`secret: ${revealed.status} ${revealed.body}`);
  const { uid, secret } = json<{ uid: string; secret: string }>(revealed);
  return { appId, clientId: uid, secret };
}

/** A client-credentials token request (the sandbox authorization server), as an app sends it. */
export function tokenRequest(agent: http.Agent, origin: string, client: SandboxClient) {
  return request(agent, origin, {
    method: 'POST',
    path: '/oauth/token',
    headers: {
      authorization: `Basic ${Buffer.from(`${client.clientId}:${client.secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
}

/** The platform API's `/me` with a bearer token. */
export function platformMe(agent: http.Agent, origin: string, token: string) {
  return request(agent, origin, { path: '/rest/v1.0/me', headers: { authorization: `Bearer ${token}` } });
}

/**
 * `workers` signed-in clients on `origin`, each at `rate` requests a second (a closed loop: a slow
 * answer delays the next request). Resolves once every worker has its app and sandbox client.
 */
export async function startLoad(options: {
  origin: string;
  sessionOn: (origin: string, agent?: http.Agent) => Session;
  workers: number;
  rate: number;
  label: string;
}): Promise<Load> {
  const { origin, workers, rate, label } = options;
  const samples: Sample[] = [];
  const created: string[] = [];
  const apps: LoadResult['apps'] = [];
  let stopping = false;
  let started = 0;
  let ready = 0;

  const worker = async (n: number) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const session = options.sessionOn(origin, agent);
    const client = await sandboxClient(session, `${label} app ${n}`);
    const app: LoadResult['apps'][number] = { id: client.appId };
    apps.push(app);
    const first = await tokenRequest(agent, origin, client);
    if (first.status !== 200) throw new Error(`token: ${first.status} ${first.body}`);
    let token = json<{ access_token: string }>(first).access_token;
    ready++;
    while (ready < workers) await delay(20);
    started ||= Date.now();
    for (let i = n; !stopping; i++) {
      const kind = MIX[i % MIX.length]!;
      const began = Date.now();
      const sample: Sample = { kind, began, ended: began, failed: false };
      try {
        let expected = 200;
        let res: Awaited<ReturnType<Session['get']>>;
        if (kind === 'list') res = await session.get('/api/v1/developer_apps?per_page=5');
        else if (kind === 'me') res = await session.get('/api/v1/me');
        else if (kind === 'create') {
          expected = 201;
          res = await session.send({
            method: 'POST',
            path: '/api/v1/developer_apps',
            headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
            body: JSON.stringify({ internal_name: `${label} ${n}-${i}` }),
          });
          if (res.status === 201) created.push(json<{ id: string }>(res).id);
        } else if (kind === 'upload') {
          const form = logoForm(randomPng(48, 48));
          res = await session.send({
            method: 'PUT',
            path: `/api/v1/developer_apps/${client.appId}`,
            headers: { 'content-type': form.contentType },
            body: form.body,
          });
          if (res.status === 200) app.logoUrl = json<{ thumbnail_url: string }>(res).thumbnail_url;
        } else if (kind === 'logo') res = await session.get(app.logoUrl ?? '/api/v1/me');
        else if (kind === 'token') {
          res = await tokenRequest(agent, origin, client);
          if (res.status === 200) token = json<{ access_token: string }>(res).access_token;
        } else res = await platformMe(agent, origin, token);
        sample.status = res.status;
        sample.instance = String(res.headers[INSTANCE_HEADER]);
        if (res.status !== expected) {
          sample.failed = true;
          sample.detail = res.body.toString().slice(0, 200);
        }
      } catch (error) {
        sample.error = errorCode(error);
        sample.failed = true;
      }
      sample.ended = Date.now();
      samples.push(sample);
      await delay(Math.max(0, 1000 / rate - (sample.ended - began)));
    }
  };
  const running = Array.from({ length: workers }, (_, n) => worker(n));
  const setup = Promise.all(running);
  // Every worker has its app, client and token before the caller goes on (or one failed to).
  await Promise.race([
    waitUntil('the load to start', () => samples.length >= workers, { timeoutMs: 90_000, everyMs: 20 }),
    setup.then(() => {
      throw new Error('the load stopped before it started');
    }),
  ]);
  return {
    async stop() {
      stopping = true;
      await setup;
      const ms = Date.now() - started;
      const failures = samples.filter((s) => s.failed);
      const latencies = (which: (sample: Sample) => boolean) =>
        samples
          .filter((s) => !s.error && which(s))
          .map((s) => s.ended - s.began)
          .sort((a, b) => a - b);
      return {
        samples,
        ms,
        failures,
        resets: failures.filter((s) => s.error && RESET_CODES.has(s.error)).length,
        instances: new Set(samples.flatMap((s) => (s.instance ? [s.instance] : []))),
        created,
        apps,
        percentile(p, which = () => true) {
          const sorted = latencies(which);
          return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
        },
      };
    },
  };
}

/** A sample as one line for an assertion message. */
export const describeSample = (s: Sample, since: number) =>
  `${s.kind} ${s.error ?? s.status} ${s.detail ?? ''} began +${s.began - since} ms, took ${s.ended - s.began} ms`;
