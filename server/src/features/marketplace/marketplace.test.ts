import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp, type TestClient } from '../../test/helpers.ts';
import { createAppAs } from '../apps/testing.ts';
import { completeDraft, uploadShowcase } from '../listings/testing.ts';
import { dailyViews } from './marketplace.repo.ts';
import { isObviousBot, networkOf } from './marketplace.views.ts';

let t: TestApp;
let owner: { client: TestClient };
let staff: { client: TestClient };
const published: Record<string, { id: string; appId: string; slug: string }> = {};
let draft: { id: string; appId: string };

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

/** Publishes a complete listing for a new app, with the given changes. */
async function publish(name: string, changes: Record<string, unknown>) {
  const app = await createAppAs(owner.client, name);
  const listing = await completeDraft(t, owner.client, app.id, name);
  const saved = await owner.client.patch(`/api/v1/submissions/${listing.id}`, {
    ...changes,
    state: 'in_review',
  });
  assert.equal(saved.statusCode, 200, saved.body);
  const approved = await staff.client.patch(`/api/v1/admin/submissions/${listing.id}`, {
    approval_state: 'approved',
  });
  assert.equal(approved.statusCode, 200, approved.body);
  published[name] = { id: listing.id, appId: app.id, slug: approved.json().slug };
}

before(async () => {
  t = await createTestApp();
  owner = await t.asNewUser();
  staff = await t.asNewUser({ role: 'admin' });
  await publish('Field Sync', { category_ids: [12], tagline: 'Daily logs, synced' });
  await publish('Bid Buddy', {
    category_ids: [4, 11],
    tagline: 'Invite subs to bid',
    regions: {},
    countries: { FR: true },
  });
  await publish('Safety First', {
    category_ids: [16],
    tagline: 'Inspections and observations',
    regions: { europe: true },
    countries: {},
  });
  const app = await createAppAs(owner.client, 'Still Drafting');
  const listing = await completeDraft(t, owner.client, app.id, 'Still Drafting');
  draft = { id: listing.id, appId: app.id };
});
after(() => t.close());

const names = (res: { json(): Array<{ public_name: string }> }) => res.json().map((row) => row.public_name);

describe('the public list', () => {
  test('anyone sees the published listings, by name, with the list headers; drafts never appear', async () => {
    const res = await t.client().get('/api/v1/marketplace/apps');
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(names(res), ['Bid Buddy', 'Field Sync', 'Safety First']);
    assert.equal(res.headers.total, '3');
    const [first] = res.json();
    assert.deepEqual(
      first.categories.map((c: { label: string }) => c.label),
      ['Bid Management', 'Estimating & Preconstruction'],
    );
    assert.match(first.small_logo_url, /^\/api\/v1\/marketplace\/media\//);
    assert.equal(
      (await t.client().get(first.small_logo_url)).statusCode,
      200,
      'a live listing’s logo is public',
    );
    const newest = await t.client().get('/api/v1/marketplace/apps?sort=-published_at&per_page=2');
    assert.equal(newest.json().length, 2);
    assert.match(String(newest.headers.link), /rel="next"/);
  });

  test('search by name or tagline; filter by category and by region (a ticked country counts for its region)', async () => {
    const get = (query: string) => t.client().get(`/api/v1/marketplace/apps?${query}`);
    assert.deepEqual(names(await get('filters[search]=buddy')), ['Bid Buddy']);
    assert.deepEqual(names(await get('filters[search]=inspections')), ['Safety First']);
    assert.deepEqual(names(await get('filters[category_id]=11')), ['Bid Buddy']);
    assert.deepEqual(names(await get('filters[region]=europe')), ['Bid Buddy', 'Safety First']);
    assert.deepEqual(names(await get('filters[region]=north_america')), ['Field Sync']);
    assert.deepEqual(names(await get('filters[region]=europe&filters[category_id]=16')), ['Safety First']);
    assert.deepEqual(names(await get('filters[region]=asia_pacific')), []);
    assert.equal((await get('filters[region]=atlantis')).statusCode, 422);
    assert.equal((await get('filters[search]=ab')).statusCode, 422);
  });

  test('categories are public, from the reference data', async () => {
    const res = await t.client().get('/api/v1/categories');
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().length, 20);
    assert.deepEqual(res.json()[0], { id: 1, label: 'Accounting' });
  });
});

describe('one listing', () => {
  test('by slug, publicly, without the questionnaire or staff fields; an unknown or draft slug is 404', async () => {
    const res = await t
      .client()
      .get(`/api/v1/marketplace/apps/${published['Field Sync']!.slug}`, { 'user-agent': BROWSER });
    assert.equal(res.statusCode, 200, res.body);
    const listing = res.json();
    assert.equal(listing.public_name, 'Field Sync');
    assert.equal(listing.preview, false);
    assert.equal(listing.pictures.length, 3);
    // Relative, so the page plays it under whatever host name the portal was reached by (its CSP).
    assert.match(listing.showcase_video.url, /^\/api\/v1\/videos\/[a-f0-9]{24}$/);
    assert.equal((await t.client().get(listing.showcase_video.url)).statusCode, 200);
    assert.deepEqual(listing.contact, {
      option: 'contact_us',
      email: 'sales@fieldsync.example.com',
      url: null,
    });
    assert.deepEqual(listing.regions, [{ id: 'north_america', name: 'North America' }]);
    assert.ok(
      listing.countries.some(
        (c: { code: string; name: string }) => c.code === 'US' && c.name === 'United States',
      ),
    );
    assert.deepEqual(listing.product_tools, [
      { id: 'daily_log', title: 'Daily Log' },
      { id: 'photos', title: 'Photos' },
    ]);
    for (const hidden of ['security_questionnaire', 'admin_message', 'notes', 'draft_developer_notes'])
      assert.equal(hidden in listing, false, hidden);
    for (const picture of listing.pictures) assert.equal((await t.client().get(picture.url)).statusCode, 200);
    assert.equal((await t.client().get('/api/v1/marketplace/apps/no-such-app')).statusCode, 404);
    assert.equal((await t.client().get('/api/v1/marketplace/apps/still-drafting')).statusCode, 404);
  });

  test('the draft preview is for the app’s people and staff only', async () => {
    const url = `/api/v1/marketplace/previews/${draft.id}`;
    const mine = await owner.client.get(url);
    assert.equal(mine.statusCode, 200, mine.body);
    assert.equal(mine.json().preview, true);
    assert.equal(mine.json().public_name, 'Still Drafting');
    assert.equal((await staff.client.get(url)).statusCode, 200);
    assert.equal((await (await t.asNewUser()).client.get(url)).statusCode, 404);
    assert.equal((await t.client().get(url)).statusCode, 401);
    // Its files are not public either: pictures nor videos, whoever has the URL.
    const stranger = (await t.asNewUser()).client;
    for (const file of [mine.json().pictures[0].url, mine.json().showcase_video.url]) {
      assert.equal((await t.client().get(file)).statusCode, 404, file);
      assert.equal((await stranger.get(file)).statusCode, 404, file);
      assert.equal((await owner.client.get(file)).statusCode, 200, file);
      assert.equal((await staff.client.get(file)).statusCode, 200, file);
    }
  });

  test('a video is public only while the live listing shows it, not a new draft’s', async () => {
    const { id, appId } = published['Bid Buddy']!;
    const live = (await owner.client.get(`/api/v1/submissions/${id}`)).json().showcase_video.url;
    const next = await owner.client.post(`/api/v1/developer_apps/${appId}/submissions`, {});
    assert.equal(next.statusCode, 201, next.body);
    const newVideo = await uploadShowcase(owner.client, appId);
    const saved = await owner.client.patch(`/api/v1/submissions/${next.json().id}`, {
      showcase_video_attributes: { external_url: newVideo },
    });
    assert.equal(saved.statusCode, 200, saved.body);
    assert.equal((await t.client().get(live)).statusCode, 200);
    assert.equal((await t.client().get(newVideo, { range: 'bytes=0-9' })).statusCode, 404);
    assert.equal((await owner.client.get(newVideo, { range: 'bytes=0-9' })).statusCode, 206);
  });
});

test('a deleted app’s listing leaves the marketplace, its files with it', async () => {
  const app = await createAppAs(owner.client, 'Short Lived');
  const listing = await completeDraft(t, owner.client, app.id, 'Short Lived');
  await owner.client.patch(`/api/v1/submissions/${listing.id}`, { state: 'in_review' });
  const slug = (
    await staff.client.patch(`/api/v1/admin/submissions/${listing.id}`, { approval_state: 'approved' })
  ).json().slug;
  assert.equal((await t.client().get(`/api/v1/marketplace/apps/${slug}`)).statusCode, 200);
  const video = listing.showcase_video.url;
  assert.equal((await t.client().get(video)).statusCode, 200);
  assert.equal((await owner.client.delete(`/api/v1/developer_apps/${app.id}`)).statusCode, 204);
  assert.equal((await t.client().get(`/api/v1/marketplace/apps/${slug}`)).statusCode, 404);
  assert.ok(!names(await t.client().get('/api/v1/marketplace/apps?per_page=100')).includes('Short Lived'));
  assert.equal((await t.client().get(listing.pictures[0].url)).statusCode, 404);
  assert.equal((await t.client().get(video)).statusCode, 404);
  assert.equal((await owner.client.get(video)).statusCode, 404, 'the deleted app is gone for its people too');
});

describe('views for the metrics', () => {
  test('each visitor counts once a day; bots, scripts, prefetches and HEAD do not count', async () => {
    const { slug, appId } = published['Bid Buddy']!;
    const url = `/api/v1/marketplace/apps/${slug}`;
    const view = (headers: Record<string, string>, method: 'GET' | 'HEAD' = 'GET') =>
      t.app.inject({ method, url, headers, remoteAddress: headers['x-ip'] ?? '203.0.113.7' });
    const day = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC' }).format(t.clock.now());
    const counted = async () => (await dailyViews(t.ctx, appId, day(), day()))[0]?.uniqueViews ?? 0;

    await view({ 'user-agent': BROWSER });
    await view({ 'user-agent': BROWSER });
    assert.equal(await counted(), 1, 'the same visitor again the same day');
    await view({ 'user-agent': BROWSER, 'x-ip': '198.51.100.20' });
    assert.equal(await counted(), 2, 'another visitor');
    await owner.client.get(url, { 'user-agent': BROWSER });
    await owner.client.get(url, { 'user-agent': BROWSER });
    assert.equal(await counted(), 3, 'a signed-in person counts once');
    const notVisits: Array<Record<string, string>> = [
      { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
      { 'user-agent': 'curl/8.5.0' },
      { 'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' },
      { 'user-agent': '' },
      { 'user-agent': BROWSER, 'sec-purpose': 'prefetch' },
    ];
    for (const headers of notVisits)
      assert.equal((await view({ ...headers, 'x-ip': '192.0.2.99' })).statusCode, 200);
    await view({ 'user-agent': BROWSER, 'x-ip': '192.0.2.99' }, 'HEAD');
    assert.equal(await counted(), 3, 'none of those counted');

    // The next day, the same visitor counts again.
    t.clock.advance(24 * 60 * 60 * 1000);
    await view({ 'user-agent': BROWSER });
    assert.equal(await counted(), 1);
    // Previews never count.
    await owner.client.get(`/api/v1/marketplace/previews/${published['Bid Buddy']!.id}`, {
      'user-agent': BROWSER,
    });
    assert.equal(await counted(), 1);
  });

  test('a script varying its user agent, or its address inside one IPv6 /64, counts once', async () => {
    const { slug, appId } = published['Bid Buddy']!;
    const url = `/api/v1/marketplace/apps/${slug}`;
    const day = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC' }).format(t.clock.now());
    t.clock.advance(7 * 24 * 60 * 60 * 1000);
    const counted = async () => (await dailyViews(t.ctx, appId, day(), day()))[0]?.uniqueViews ?? 0;
    const view = (ip: string, agent: string) =>
      t.app.inject({ url, headers: { 'user-agent': agent }, remoteAddress: ip });

    for (let i = 0; i < 30; i++) await view('203.0.113.50', `${BROWSER} Variant/${i}`);
    assert.equal(await counted(), 1, '30 user agents from one address');
    for (let i = 0; i < 30; i++) await view(`2001:db8:0:7::${(i + 1).toString(16)}`, `${BROWSER} V/${i}`);
    assert.equal(await counted(), 2, '30 addresses of one /64');
    await view('2001:db8:0:8::1', BROWSER);
    await view('::ffff:203.0.113.50', BROWSER);
    assert.equal(await counted(), 3, 'another /64 counts; an IPv4-mapped address is its IPv4 one');
  });

  test('the network a visitor is counted by', () => {
    assert.equal(networkOf('203.0.113.7'), '203.0.113.7');
    assert.equal(networkOf('::ffff:203.0.113.7'), '203.0.113.7');
    assert.equal(networkOf('2001:db8:0:7::1'), '2001:db8:0:7::/64');
    assert.equal(networkOf('2001:0DB8:0000:0007:aaaa:bbbb:cccc:dddd'), '2001:db8:0:7::/64');
    assert.equal(networkOf('2001:db8::7:1'), '2001:db8:0:0::/64');
    assert.equal(networkOf('::1'), '0:0:0:0::/64');
    assert.equal(networkOf('64:ff9b::192.0.2.1'), '64:ff9b:0:0::/64');
    assert.equal(networkOf('fe80::1%eth0'), 'fe80:0:0:0::/64');
    assert.equal(networkOf('not an address'), 'not an address');
  });

  test('the bot rules', () => {
    const req = (agent?: string, extra: Record<string, string> = {}) => ({
      method: 'GET',
      headers: { ...(agent ? { 'user-agent': agent } : {}), ...extra },
    });
    assert.equal(isObviousBot(req(BROWSER)), false);
    assert.equal(
      isObviousBot(req('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1')),
      false,
    );
    for (const agent of ['bingbot/2.0', 'python-requests/2.31', 'HeadlessChrome/120', 'Wget/1.21', 'short'])
      assert.equal(isObviousBot(req(agent)), true, agent);
    assert.equal(isObviousBot(req(BROWSER, { purpose: 'prefetch' })), true);
    assert.equal(isObviousBot({ method: 'HEAD', headers: { 'user-agent': BROWSER } }), true);
  });
});
