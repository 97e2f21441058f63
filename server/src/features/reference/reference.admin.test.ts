import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { SaxesParser } from 'saxes';
import { REST_V2_CHANGES, restOpenApiV1, restOpenApiV2 } from '../../seed/reference/rest-openapi.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/helpers.ts';

let t: TestApp;
let admin: TestClient;
let anonymous: TestClient;
const IMPORT = '/api/v1/admin/resource_groups/rest/documents';
const importDoc = (doc: unknown, branch = 'main') =>
  admin.post(IMPORT, { branch, document: typeof doc === 'string' ? doc : JSON.stringify(doc) });

before(async () => {
  t = await createTestApp();
  admin = (await t.asNewUser({ role: 'admin' })).client;
  anonymous = t.client();
});
after(() => t.close());

/** The audit actions recorded on a subject, sorted. */
async function auditActions(subjectId: string) {
  const audit = await admin.get(`/api/v1/admin/audit?filters[subject_id]=${subjectId}`);
  return (audit.json() as Array<{ action: string }>).map((e) => e.action).sort();
}

/** The Atom feed parsed as XML: its entries' ids and titles (a parse error fails the test). */
function parseAtom(xml: string) {
  const parser = new SaxesParser({ xmlns: true });
  const entries: Array<{ id: string; title: string; categories: string[] }> = [];
  let path: string[] = [];
  let current: { id: string; title: string; categories: string[] } | undefined;
  let rootNs = '';
  parser.on('opentag', (tag) => {
    path.push(tag.local);
    if (path.length === 1) rootNs = tag.uri;
    if (tag.local === 'entry') current = { id: '', title: '', categories: [] };
    if (tag.local === 'category' && current) current.categories.push(String(tag.attributes.term?.value));
  });
  parser.on('text', (text) => {
    if (!current) return;
    if (path.at(-1) === 'id') current.id += text;
    if (path.at(-1) === 'title') current.title += text;
  });
  parser.on('closetag', (tag) => {
    if (tag.local === 'entry' && current) entries.push(current);
    if (tag.local === 'entry') current = undefined;
    path = path.slice(0, -1);
  });
  parser.write(xml).close();
  return { rootNs, entries };
}

describe('importing OpenAPI documents (admins)', () => {
  test('a broken document is refused in the one error shape with the parser’s message', async () => {
    const broken = restOpenApiV1();
    delete broken.info.version;
    const res = await importDoc(broken);
    assert.equal(res.statusCode, 422);
    assert.equal(res.json().code, 'validation_failed');
    assert.match(res.json().fields.document[0], /#\/info must have required property 'version'/);
    const notJson = await importDoc('{"openapi": ');
    assert.match(notJson.json().fields.document[0], /^The document is not valid JSON/);
    const swagger2 = await importDoc({ swagger: '2.0', info: { title: 'x', version: '1' }, paths: {} });
    assert.match(swagger2.json().fields.document[0], /Only OpenAPI 3.x documents/);
    const external = restOpenApiV1();
    external.paths['/rest/v1.0/me'].get.responses[200] = { $ref: 'file:///etc/passwd' };
    assert.equal((await importDoc(external)).statusCode, 422);
    assert.equal((await anonymous.get('/api/v1/resource_groups/rest/document')).statusCode, 404);
  });

  test('v1 then v2 proposes exactly the expected entries; the same document again proposes none', async () => {
    const first = await importDoc(restOpenApiV1());
    assert.equal(first.statusCode, 201, first.body);
    assert.deepEqual(first.json().proposed, []);
    const second = await importDoc(restOpenApiV2());
    assert.equal(second.statusCode, 201, second.body);
    const proposed = second.json().proposed;
    assert.deepEqual(
      proposed.map((e: { change_kind: string; endpoint: string }) => [e.change_kind, e.endpoint]).sort(),
      [...REST_V2_CHANGES].sort(),
    );
    const added = proposed.find((e: { change_kind: string }) => e.change_kind === 'operation_added');
    assert.deepEqual(
      {
        type: added.type,
        breaking: added.breaking,
        versions: added.versions,
        link: added.link,
        status: added.status,
      },
      {
        type: 'new',
        breaking: false,
        versions: ['v1.1'],
        link: 'endpoints/list-projects-v11',
        status: 'proposed',
      },
    );
    const again = await importDoc(restOpenApiV2());
    assert.equal(again.statusCode, 201);
    assert.deepEqual(again.json().proposed, []);
    assert.equal(again.json().document.id, second.json().document.id);
    // Proposals are not public.
    assert.equal((await anonymous.get('/api/v1/resource_groups/rest')).headers.total, '0');
  });

  test('an admin edits and publishes a proposal: it reaches the public list and the feed; each step audited', async () => {
    const list = await admin.get('/api/v1/admin/resource_groups/rest/entries?filters[status]=proposed');
    const proposal = list.json().find((e: { change_kind: string }) => e.change_kind === 'deprecated');
    const edited = await admin.patch(`/api/v1/admin/changelog_entries/${proposal.id}`, {
      summary: 'Projects v1.0 is deprecated',
      description: 'Use **v1.1**. <script>__xss()</script>',
    });
    assert.equal(edited.statusCode, 200, edited.body);
    assert.equal(
      (await anonymous.get(`/api/v1/resource_groups/rest/entries/${proposal.id}`)).statusCode,
      404,
    );
    const published = await admin.post(`/api/v1/admin/changelog_entries/${proposal.id}/publish`);
    assert.equal(published.json().status, 'published');
    const seen = await anonymous.get('/api/v1/resource_groups/rest?filters[type][]=deprecated');
    assert.deepEqual(
      seen.json().map((e: { summary: string }) => e.summary),
      ['Projects v1.0 is deprecated'],
    );

    const feed = await anonymous.get('/api/v1/resource_groups/rest/changelog.atom');
    assert.equal(feed.statusCode, 200);
    assert.match(String(feed.headers['content-type']), /^application\/atom\+xml/);
    const atom = parseAtom(feed.body);
    assert.equal(atom.rootNs, 'http://www.w3.org/2005/Atom');
    assert.deepEqual(
      atom.entries.map((e) => [e.id, e.title]),
      [[`urn:uuid:${proposal.id}`, 'Projects v1.0 is deprecated']],
    );
    assert.deepEqual(atom.entries[0]!.categories, ['deprecated']);
    assert.doesNotMatch(feed.body, /<script>/);

    assert.deepEqual(await auditActions(proposal.id), ['changelog_entry.publish', 'changelog_entry.update']);
  });

  test('the feed: 304 for its ETag, stable ids, per-type feeds, a new ETag after a change', async () => {
    const first = await anonymous.get('/api/v1/resource_groups/rest/changelog.atom');
    const etag = String(first.headers.etag);
    const cached = await anonymous.get('/api/v1/resource_groups/rest/changelog.atom', {
      'if-none-match': etag,
    });
    assert.equal(cached.statusCode, 304);
    assert.equal(cached.body, '');
    const sunset = await anonymous.get('/api/v1/resource_groups/rest/changelog.atom?type=sunset');
    assert.deepEqual(parseAtom(sunset.body).entries, []);
    const created = await admin.post('/api/v1/admin/changelog_entries', {
      group: 'rest',
      summary: 'Weather logs removed',
      endpoint: 'GET /rest/v1.0/projects/{project_id}/daily_logs/weather',
      type: 'sunset',
      breaking: true,
      datestamp: '2026-05-12',
      versions: ['v1.0'],
      link: 'endpoints/list-weather-logs',
      status: 'published',
    });
    assert.equal(created.statusCode, 201, created.body);
    const after = await anonymous.get('/api/v1/resource_groups/rest/changelog.atom', {
      'if-none-match': etag,
    });
    assert.equal(after.statusCode, 200);
    const ids = parseAtom(after.body).entries.map((e) => e.id);
    assert.ok(ids.includes(parseAtom(first.body).entries[0]!.id), 'earlier ids stay');
    assert.deepEqual(
      parseAtom(
        (await anonymous.get('/api/v1/resource_groups/rest/changelog.atom?type=sunset')).body,
      ).entries.map((e) => e.id),
      [`urn:uuid:${created.json().id}`],
    );
  });

  test('create is idempotent with an Idempotency-Key; delete is audited and the entry is gone', async () => {
    const key = randomUUID();
    const body = {
      group: 'portal',
      summary: 'Guides over the API',
      endpoint: 'GET /api/v1/guides/{slug}',
      type: 'new',
      datestamp: '2026-11-20',
      versions: ['v1'],
      link: 'endpoints/get-api-v-1-guides-slug',
      visibility: 'internal',
    };
    const send = () =>
      admin.request({
        method: 'POST',
        url: '/api/v1/admin/changelog_entries',
        payload: body,
        headers: { 'idempotency-key': key },
      });
    const [a, b] = [await send(), await send()];
    assert.equal(a.statusCode, 201);
    assert.equal(b.json().id, a.json().id);
    assert.equal(b.headers['idempotent-replayed'], 'true');
    const removed = await admin.delete(`/api/v1/admin/changelog_entries/${a.json().id}`);
    assert.equal(removed.statusCode, 204);
    assert.equal((await admin.get(`/api/v1/admin/changelog_entries/${a.json().id}`)).statusCode, 404);
    assert.deepEqual(await auditActions(a.json().id), ['changelog_entry.create', 'changelog_entry.delete']);
  });

  test('bad entry bodies are refused at their fields', async () => {
    const res = await admin.post('/api/v1/admin/changelog_entries', {
      group: 'rest',
      summary: '',
      endpoint: 'x',
      type: 'major',
      datestamp: '2026-13-40',
      versions: ['1.0'],
      link: 'javascript:alert(1)',
    });
    assert.equal(res.statusCode, 422);
    assert.deepEqual(Object.keys(res.json().fields).sort(), [
      'datestamp',
      'link',
      'summary',
      'type',
      'versions.0',
    ]);
  });
});

describe('guides', () => {
  test('the manifest guide and getting started are served; an unknown slug is 404', async () => {
    const guide = await anonymous.get('/api/v1/guides/building-apps-define-manifest');
    assert.equal(guide.statusCode, 200);
    assert.equal(guide.json().title, "Define your app's manifest");
    for (const topic of ['Format 4.1', 'Format 3', 'Parameters', 'Interpolation', 'Permissions'])
      assert.match(guide.json().markdown, new RegExp(`## ${topic}`));
    assert.equal((await anonymous.get('/api/v1/guides/getting-started')).json().title, 'Getting started');
    assert.equal((await anonymous.get('/api/v1/guides/../../etc/passwd')).statusCode, 404);
    assert.equal((await anonymous.get('/api/v1/guides/nope')).statusCode, 404);
  });
});
