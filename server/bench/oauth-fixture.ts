// Forked by bench/oauth.ts: the portal app as the API tests build it (on PGlite, or on a fresh
// PostgreSQL database with TEST_DB=postgres and TEST_DATABASE_URL), listening on a free port, with a
// developer's live sandbox client and a bucket on it wide enough never to refuse the bench (the
// default templates would answer 429 after 100 calls in 10 s). Sends `{ url, clientId, secret }`
// to its parent, then serves until it is told to stop.
import { sandboxClient } from '../src/features/oauth/testing.ts';
import { createTestApp } from '../src/test/helpers.ts';

const t = await createTestApp({ sandboxProvisionSeconds: 0 });
const { client: developer } = await t.asNewUser();
const sandbox = await sandboxClient(t, developer);
const { client: admin } = await t.asNewUser({ role: 'admin' });
const bucket = await admin.post('/api/v1/admin/quota_minder_servers/Integrator_Sandbox/buckets', {
  data: {
    name: 'Bench',
    client_id: '*',
    domain: sandbox.clientId,
    bucket_templates: [{ name: 'main', fill_type: 'count', limit: 1_000_000, interval_ms: 10_000 }],
  },
});
if (bucket.statusCode !== 201) throw new Error(`the bench bucket: ${bucket.statusCode} ${bucket.body}`);
const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
process.send!({ url, clientId: sandbox.clientId, secret: sandbox.secret });
process.on('message', async () => {
  await t.close();
  process.exit(0);
});
