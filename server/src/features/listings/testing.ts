import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { developerApps } from '../../db/schema/index.ts';
import type { TestApp, TestClient } from '../../test/helpers.ts';
import type { RouteFixtures } from '../../test/route-fixtures.ts';
import { multipart, pngBytes } from '../../test/uploads.ts';
import { createVersion } from '../manifests/testing.ts';

/** A real MP4 (2 s, 1280×720, 24 fps, with sound) for uploads and the demo seed. */
export const SHOWCASE_MP4 = readFileSync(path.join(import.meta.dirname, '../../seed/assets/showcase.mp4'));

/** Staff activate the marketplace listing for an app (the admin app page's toggle). */
export async function enableMarketplace(t: Pick<TestApp, 'ctx'>, appId: string): Promise<void> {
  await t.ctx.db.update(developerApps).set({ marketplaceEnabled: true }).where(eq(developerApps.id, appId));
}

/** Every field of a listing that passes the review rules, media and the manifest version aside. */
export function completeFields(name = 'Field Sync') {
  return {
    public_name: name,
    tagline: 'Daily logs from the field, synced',
    description: 'Keeps daily logs, photos and weather in step with your projects.',
    about: 'Acme Builders Software makes tools for the field.',
    built_by: 'Acme Builders Software',
    sold_by: 'Acme Builders Software',
    how_it_works: 'Connect your company, pick projects, and logs flow both ways.',
    category_ids: [12, 15],
    draft_developer_notes: 'Our first listing.',
    feature_bullets: ['Syncs daily logs', 'Keeps photos with entries', 'Works offline'],
    helpful_links: [{ label: 'Documentation', url: 'https://fieldsync.example.com/docs' }],
    requirements: ['A Procore company account'],
    product_tools: { daily_log: true, photos: true },
    regions: { north_america: true },
    countries: { US: true, CA: true, MX: true, PR: true, BM: true },
    support_email: 'support@fieldsync.example.com',
    website_link: { label: 'Website', url: 'https://fieldsync.example.com' },
    contact_us_email: 'sales@fieldsync.example.com',
    subscription_required: false,
    connector_required: false,
    has_trials: true,
    pricing_url: 'https://fieldsync.example.com/pricing',
    pricing_description: 'Free for one project, then per project per month.',
  };
}

export const screenshot = (width = 1280, height = 720) => pngBytes(width, height);
export const logoPng = () => pngBytes(200, 200, { grey: 0xff });

/** Uploads the sample video for the app and answers its URL. */
export async function uploadShowcase(client: TestClient, appId: string): Promise<string> {
  const res = await client.request({
    method: 'POST',
    url: `/api/v1/videos?developer_app_id=${appId}`,
    ...multipart([{ name: 'file', filename: 'showcase.mp4', type: 'video/mp4', data: SHOWCASE_MP4 }]),
  });
  if (res.statusCode !== 201) throw new Error(`video upload failed: ${res.statusCode} ${res.body}`);
  return res.json().url;
}

/** Multipart parts adding the logo and three screenshots. */
export const mediaParts = () => [
  { name: 'submission[small_logo]', filename: 'logo.png', type: 'image/png', data: logoPng() },
  ...[0, 1, 2].map((i) => ({
    name: `submission[pictures_attributes][${i}][file]`,
    filename: `screen-${i}.png`,
    type: 'image/png',
    data: screenshot(),
  })),
];

/**
 * A production version of the app, created by `client` (asking for production credentials first
 * when the app has not), for the listing's version picker.
 */
export async function productionVersionFor(client: TestClient, appId: string) {
  const asked = await client.post(`/api/v1/developer_apps/${appId}/production_access`, {
    confidential: true,
  });
  if (asked.statusCode !== 200 && asked.statusCode !== 409)
    throw new Error(`production request failed: ${asked.statusCode} ${asked.body}`);
  return createVersion(client, appId, 'Production', `1.0.${++productionVersions}`);
}
let productionVersions = 0;

/**
 * A complete draft for the app, saved by `client` (the owner or an app admin): the fields with a
 * new production version picked, then the logo, three screenshots and the showcase video. Answers
 * the submission.
 */
export async function completeDraft(t: TestApp, client: TestClient, appId: string, name = 'Field Sync') {
  await enableMarketplace(t, appId);
  const version = await productionVersionFor(client, appId);
  const created = await client.post(`/api/v1/developer_apps/${appId}/submissions`, {
    ...completeFields(name),
    app_version_id: version.id,
  });
  if (created.statusCode !== 201 && created.statusCode !== 200)
    throw new Error(`create failed: ${created.statusCode} ${created.body}`);
  const video = await uploadShowcase(client, appId);
  const saved = await client.request({
    method: 'PATCH',
    url: `/api/v1/submissions/${created.json().id}`,
    ...multipart([
      ...mediaParts(),
      { name: 'submission[showcase_video_attributes][external_url]', value: video },
    ]),
  });
  if (saved.statusCode !== 200) throw new Error(`media save failed: ${saved.statusCode} ${saved.body}`);
  return saved.json();
}

/**
 * The listings the route table's rows call (test/route-table.ts), made once per fixture set: a draft
 * on the main app, and a published listing of an app of its own (its slug, a picture, the video).
 */
const routeTableListingsBuilt = new WeakMap<
  RouteFixtures,
  Promise<{ draftId: string; slug: string; picture: string; video: string }>
>();
export function routeTableListings(fx: RouteFixtures) {
  let built = routeTableListingsBuilt.get(fx);
  if (!built) {
    built = (async () => {
      const { owner, platformAdmin } = fx.clients;
      await enableMarketplace(fx.t, fx.app.id);
      const draft = await owner.post(`/api/v1/developer_apps/${fx.app.id}/submissions`, {
        public_name: 'Route Matrix Listing',
      });
      if (draft.statusCode !== 201) throw new Error(`listing fixture: ${draft.body}`);
      const app = await fx.freshApp();
      const listing = await completeDraft(fx.t, owner, app.id, fx.unique('Matrix Listing '));
      await owner.patch(`/api/v1/submissions/${listing.id}`, { state: 'in_review' });
      const published = await platformAdmin.patch(`/api/v1/admin/submissions/${listing.id}`, {
        approval_state: 'approved',
      });
      if (published.statusCode !== 200) throw new Error(`listing fixture: ${published.body}`);
      const body = published.json();
      return {
        draftId: draft.json().id as string,
        slug: body.slug as string,
        picture: body.pictures[0].url as string,
        video: body.showcase_video.url as string,
      };
    })();
    routeTableListingsBuilt.set(fx, built);
  }
  return built;
}
