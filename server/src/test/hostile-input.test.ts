import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, describe, test } from 'node:test';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.ts';
import { createAppAs } from '../features/apps/testing.ts';
import { enableMarketplace } from '../features/listings/testing.ts';
import { UNSTORABLE_TEXT_MESSAGE } from '../platform/http/storable-text.ts';
import { createClient, createTestApp, TEST_SERVICE_TOKEN, type TestClient } from './helpers.ts';
import { fileFormArbitrary } from './hostile-bodies.ts';
import { createContract, errorShapeProblem, leakIn } from './hostile-contract.ts';
import {
  type HostileRequest,
  type OpenApiDocument,
  type Operation,
  operationsOf,
  requestArbitrary,
} from './hostile-requests.ts';
import type { SchemaContext } from './hostile-schema.ts';
import { multipart, pngBytes } from './uploads.ts';

// ≥ 1,000 generated requests per endpoint signed in (the bar), a tenth of that anonymously.
// The PostgreSQL pass of `npm test` repeats a smaller batch: the inputs are the same, the database
// behind them is what changes. HOSTILE_SEED replays a failure fast-check reported.
const RUNS = Number(process.env.HOSTILE_RUNS ?? (process.env.TEST_DB === 'postgres' ? 200 : 1000));
const ANONYMOUS_RUNS = Number(process.env.HOSTILE_ANONYMOUS_RUNS ?? Math.ceil(RUNS / 10));
const SEED = process.env.HOSTILE_SEED ? Number(process.env.HOSTILE_SEED) : undefined;
// HOSTILE_ONLY (a regular expression on `METHOD /url`) narrows the run while debugging.
const ONLY = new RegExp(process.env.HOSTILE_ONLY ?? '');

// 1 request in 20 is valid-shaped in every part and reaches the handler (the rest are refused
// earlier, cheaply). Fewer where each valid request is costly: a scrypt hash (≈ 0.3 s on a loaded
// machine), or a new app or announcement (tens of milliseconds, and a longer list for later routes).
const VALID_SHARE = 0.05;
/**
 * Routes whose generated valid bodies the service often refuses (unknown owner ids): at least this
 * many runs, so some reach the handler even with PostgreSQL's smaller HOSTILE_RUNS.
 */
const NARROW: Record<string, number> = {
  'PATCH /api/v1/admin/developer_apps/:id': 1000,
  'PATCH /api/v1/sandboxes/:id': 1000,
};
const COSTLY: Record<string, number> = {
  'POST /api/v1/auth/sign_up': 0.01,
  'POST /api/v1/auth/sign_in': 0.01,
  'POST /api/v1/me/password': 0.01,
  'POST /api/v1/developer_apps': 0.02,
  'POST /api/v1/admin/notifications': 0.02,
  'POST /api/v1/invitations': 0.02,
  'POST /api/v1/developer_apps/:id/submissions': 0.02,
  'POST /api/v1/admin/developer_apps/:id/submissions': 0.02,
};
/** The only routes the OpenAPI document may leave out: the document itself. */
const UNDOCUMENTED = new Set(['GET /api/v1/openapi.json']);

const t = await createTestApp();
// A second app on the same context, with two test-only hooks: which route answered, and whether the
// request got past access control and validation into its handler.
const app = await buildApp(t.ctx, { logger: false });
// Which routes' handlers read the request body (a body they read must be in the document).
const readsBody = new Set<string>();
app.addHook('preHandler', async (request) => {
  if (!request.is404) (request as { reachedHandler?: boolean }).reachedHandler = true;
  let body = request.body;
  const route = `${request.method} ${request.routeOptions.url ?? ''}`;
  Object.defineProperty(request, 'body', {
    configurable: true,
    enumerable: true,
    get: () => {
      readsBody.add(route);
      return body;
    },
    set: (value) => {
      body = value;
    },
  });
});
app.addHook('onSend', async (request, reply) => {
  reply.header('x-test-route', `${request.method} ${request.routeOptions.url ?? ''}`);
  if ((request as { reachedHandler?: boolean }).reachedHandler) reply.header('x-test-handled', '1');
});
await app.ready();
after(async () => {
  await app.close();
  await t.close();
});

/** Cookie and CSRF headers of a client's session, sent as they are with every generated request. */
async function sessionHeaders(client: TestClient): Promise<Record<string, string>> {
  const config = await client.get('/api/v1/config');
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  return { cookie, 'x-csrf-token': config.json().csrf_token };
}

async function signIn(email: string) {
  const client = createClient(app);
  const res = await client.post('/api/v1/auth/sign_in', { email, password: 'correct horse battery' });
  assert.equal(res.statusCode, 200, res.body);
  return client;
}

// A platform admin who owns an app (with its sandbox) and has published an announcement, so user and
// admin routes get past access control, and real ids reach the rules behind validation.
const adminUser = await t.createUser({ role: 'admin' });
const admin = await signIn(adminUser.email);
const ownedApp = (await createAppAs(admin)) as { id: string; sandbox: { id: string } | null };
await t.drainJobs();
const appBody = (await admin.get(`/api/v1/developer_apps/${ownedApp.id}`)).json();
const announcement = (
  await admin.post('/api/v1/admin/notifications', { title: 'T', summary: 'S', body: 'B' })
).json();
// A marketplace listing of the app, so submission routes get past "not found" too.
await enableMarketplace(t, ownedApp.id);
const listing = (
  await admin.post(`/api/v1/developer_apps/${ownedApp.id}/submissions`, { public_name: 'Hostile' })
).json();
const ids = [
  ownedApp.id,
  ownedApp.sandbox?.id,
  announcement.id,
  appBody.sandbox?.oauth_application_id,
  listing.id,
]
  .concat(appBody.collaborators.map((c: { id: string }) => c.id))
  .filter((id): id is string => typeof id === 'string');

const doc = (await app.inject({ url: '/api/v1/openapi.json' })).json() as OpenApiDocument;
const ctx: SchemaContext = {
  resolve: (ref) => doc.components?.schemas?.[ref.split('/').pop()!] ?? {},
  known: (name) => (name === 'id' || name.endsWith('_id') ? ids : name === 'email' ? [adminUser.email] : []),
};
const { contractProblem, bodyValidator } = createContract(doc);
// Reads go first (before the writes grow the lists they read); deleting the app and signing out go
// last, so the other routes see the fixtures and the session.
const METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const last = (op: Operation) => METHOD_ORDER.indexOf(op.method) + 10 * Number(op.url.endsWith('/sign_out'));
const operations = operationsOf(doc, app.routeRegistry).sort((a, b) => last(a) - last(b));
const byRoute = new Map(operations.map((op) => [`${op.method} ${op.url}`, op]));
const prototypeNames = Object.getOwnPropertyNames(Object.prototype).sort();

function describeRequest(req: HostileRequest): string {
  const payload = req.payload === undefined ? '' : String(req.payload);
  const excerpt = payload.length > 300 ? `${payload.slice(0, 300)}… (${payload.length} chars)` : payload;
  return `${req.method} ${req.url.slice(0, 300)} [${req.headers['content-type'] ?? 'no content type'}] ${JSON.stringify(excerpt)}`;
}

const DECLARED_CHARSET = /^(?:application\/json|text\/plain)\s*;.*\bcharset\s*=\s*"?([^";\s]*)/i;
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Every generated request: no 5xx, no leak, the one error shape, and the documented contract. */
async function probe(
  op: Operation,
  req: HostileRequest,
  seen: Map<string, number>,
): Promise<LightMyRequestResponse> {
  const res: LightMyRequestResponse = await app.inject(req);
  const what = () => `${describeRequest(req)}\n→ ${res.statusCode} ${res.body.slice(0, 500)}`;
  seen.set(String(res.statusCode), (seen.get(String(res.statusCode)) ?? 0) + 1);
  const route = String(res.headers['x-test-route']);
  if (res.headers['x-test-handled'] && route === `${op.method} ${op.url}`)
    seen.set('handled', (seen.get('handled') ?? 0) + 1);
  assert.ok(res.statusCode < 500, `server error: ${what()}`);
  const leak = leakIn(res.body);
  assert.equal(leak, null, `${leak} in the body: ${what()}`);
  if (res.statusCode >= 400) {
    const problem = errorShapeProblem(res, req.headers['x-request-id']);
    assert.equal(problem, null, `not the error shape (${problem}): ${what()}`);
  }
  // A JSON or text body declared in another charset is refused, never misread as UTF-8 (unless the
  // request was turned away before its body was read: bad URL, access, CSRF, size).
  const charset = DECLARED_CHARSET.exec(req.headers['content-type'] ?? '')?.[1];
  if (charset !== undefined && !/^utf-?8$/i.test(charset) && BODY_METHODS.has(req.method)) {
    if (![400, 401, 403, 404, 413, 414].includes(res.statusCode)) assert.equal(res.statusCode, 415, what());
  }
  // The route that answered (an empty id segment can land on the list route), else the one targeted.
  const answered = byRoute.get(route) ?? op;
  if (UNDOCUMENTED.has(`${answered.method} ${answered.url}`)) return res;
  const broken = contractProblem(answered, res);
  assert.equal(
    broken,
    null,
    `${answered.method} ${answered.url} breaks the OpenAPI contract (${broken}): ${what()}`,
  );
  return res;
}

/** A route that takes no input has nothing to generate from: it gets the anonymous batch's count. */
const runsFor = (op: Operation) =>
  Math.max(
    op.path.length || op.query.length || op.body ? RUNS : ANONYMOUS_RUNS,
    NARROW[`${op.method} ${op.url}`] ?? 0,
  );

async function run(op: Operation, session: Record<string, string>, numRuns: number, mustReach: boolean) {
  const costly = COSTLY[`${op.method} ${op.url}`];
  // Where every handler must be reached, about 40 valid requests at least (for a small HOSTILE_RUNS,
  // as on PostgreSQL): a valid body can still be refused by the service, so 10 were sometimes none.
  const validShare = Math.max(costly ?? VALID_SHARE, mustReach ? 40 / numRuns : 0);
  // Where valid requests are costly, hostile bodies must really be invalid (an unknown key is not).
  const options = costly && op.body ? { validShare, accepts: bodyValidator(op.body) } : { validShare };
  const arbitrary = requestArbitrary(op, ctx, session, options).map((req) =>
    Object.assign(req, { [fc.toStringMethod]: () => describeRequest(req) }),
  );
  const seen = new Map<string, number>();
  await fc.assert(
    fc.asyncProperty(arbitrary, async (req) => {
      await probe(op, req, seen);
    }),
    { numRuns, ...(SEED === undefined ? {} : { seed: SEED }) },
  );
  return seen;
}

test('the health probes and a served logo answer as the OpenAPI document says', async () => {
  const probes = operationsOf(doc, [
    { method: 'GET', url: '/healthz', access: 'public' },
    { method: 'GET', url: '/readyz', access: 'public' },
  ]);
  for (const op of probes) {
    const res = await app.inject({ method: 'GET', url: op.url });
    assert.equal(res.statusCode, 200);
    assert.equal(contractProblem(op, res), null, op.url);
  }
  const logoApp = await createAppAs(admin, 'Logo');
  const url = `/api/v1/developer_apps/${logoApp.id}`;
  const form = multipart([
    { name: 'thumbnail', filename: 'logo.png', type: 'image/png', data: pngBytes(64, 64) },
  ]);
  assert.equal((await admin.request({ method: 'PUT', url, ...form })).statusCode, 200);
  const logo = await admin.get(`${url}/thumbnail`);
  assert.equal(logo.statusCode, 200);
  assert.equal(contractProblem(byRoute.get('GET /api/v1/developer_apps/:id/thumbnail')!, logo), null);
});

// Before the generated runs (which end by deleting the app): every route that takes files, with a
// file that fits its field under a hostile name (NUL, surrogates, paths, 10 kB, direction overrides),
// at the owned app and its listing. A name the database cannot store is a 422 at the file's field.
describe('hostile file names, signed in as a platform admin who owns an app', async () => {
  const session = await sessionHeaders(admin);
  const fileRoutes = operations.filter((op) => op.form?.files.length && ONLY.test(`${op.method} ${op.url}`));
  test('every route that takes files is probed', () => {
    assert.deepEqual(
      fileRoutes.map((op) => `${op.method} ${op.url}`).sort(),
      [
        'PATCH /api/v1/admin/submissions/:id',
        'PATCH /api/v1/developer_apps/:id',
        'PATCH /api/v1/submissions/:id',
        'POST /api/v1/admin/developer_apps/:id/submissions',
        'POST /api/v1/developer_apps/:id/submissions',
        'POST /api/v1/videos',
        'PUT /api/v1/admin/developer_apps/:id',
        'PUT /api/v1/developer_apps/:id',
      ].filter((route) => ONLY.test(route)),
    );
  });
  for (const op of fileRoutes) {
    const path = op.url.replace(':id', op.url.includes('/submissions/') ? listing.id : ownedApp.id);
    const url = op.query.some((param) => param.name === 'developer_app_id')
      ? `${path}?developer_app_id=${ownedApp.id}`
      : path;
    test(`${op.method} ${op.url}`, async () => {
      const seen = new Map<string, number>();
      const requests = fileFormArbitrary(op.form!).map((body) => ({
        method: op.method,
        url,
        headers: { ...session, 'content-type': body.type!, 'x-request-id': `hostile-${randomUUID()}` },
        payload: body.payload,
        fileName: body.fileName,
        [fc.toStringMethod]: () => `${op.method} ${url} file ${JSON.stringify(body.fileName.slice(0, 80))}`,
      }));
      await fc.assert(
        fc.asyncProperty(requests, async (req) => {
          const res = await probe(op, req, seen);
          if (!req.fileName.includes('\u0000')) return;
          assert.equal(res.statusCode, 422, `a NUL in a file name: ${res.body.slice(0, 300)}`);
          const messages = Object.values(res.json().fields as Record<string, string[]>).flat();
          assert.ok(messages.includes(UNSTORABLE_TEXT_MESSAGE), res.body.slice(0, 300));
        }),
        { numRuns: Math.max(40, Math.ceil(RUNS / 10)), ...(SEED === undefined ? {} : { seed: SEED }) },
      );
      assert.ok(
        (seen.get('201') ?? 0) + (seen.get('200') ?? 0) > 0,
        `none accepted: ${JSON.stringify([...seen])}`,
      );
      assert.ok((seen.get('422') ?? 0) > 0, `none refused: ${JSON.stringify([...seen])}`);
    });
  }
});

describe('hostile input, signed in as a platform admin who owns an app (a service with its token)', async () => {
  const session = await sessionHeaders(admin);
  // Signing out ends the session it is sent with: it gets a session of its own.
  const signOutSession = await sessionHeaders(await signIn(adminUser.email));
  for (const op of operations.filter((o) => ONLY.test(`${o.method} ${o.url}`))) {
    test(`${op.method} ${op.url}`, async () => {
      // A service route gets the valid bearer token instead (and no session).
      const headers =
        op.access === 'service'
          ? { authorization: `Bearer ${TEST_SERVICE_TOKEN}` }
          : op.url.endsWith('/sign_out')
            ? signOutSession
            : session;
      const seen = await run(op, headers, runsFor(op), true);
      // Generated inputs must also be good enough to pass validation, or the rules behind it go untested.
      assert.ok(
        (seen.get('handled') ?? 0) > 0,
        `no request reached the handler: ${JSON.stringify([...seen])}`,
      );
    });
  }
});

describe('hostile input, anonymous', async () => {
  const session = await sessionHeaders(createClient(app));
  for (const op of operations.filter((o) => ONLY.test(`${o.method} ${o.url}`))) {
    test(`${op.method} ${op.url}`, async () => {
      const seen = await run(op, session, ANONYMOUS_RUNS, false);
      if (op.access !== 'public')
        assert.equal(seen.get('handled') ?? 0, 0, 'a signed-in route ran its handler');
    });
  }
});

test('every route but the document itself is in the OpenAPI document', () => {
  const missing = operations.filter((op) => !op.documented).map((op) => `${op.method} ${op.url}`);
  assert.deepEqual(missing, [...UNDOCUMENTED]);
});

test('every route whose handler reads a body documents it', () => {
  assert.ok(readsBody.has('POST /api/v1/developer_apps'), 'the probe sees handlers read their bodies');
  const undocumented = operations
    .filter((op) => readsBody.has(`${op.method} ${op.url}`) && !op.documented?.requestBody)
    .map((op) => `${op.method} ${op.url}`);
  assert.deepEqual(undocumented, []);
});

test('the process stays healthy', async () => {
  for (const url of ['/healthz', '/readyz']) assert.equal((await app.inject({ url })).statusCode, 200, url);
  // The admin's session survived everything sent with it.
  assert.equal((await admin.get('/api/v1/me')).statusCode, 200);
  assert.deepEqual(Object.getOwnPropertyNames(Object.prototype).sort(), prototypeNames);
  assert.equal(({} as { polluted?: unknown }).polluted, undefined);
});
