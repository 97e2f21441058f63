import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../../test/helpers.ts';
import { createTestAppUpgradedFrom } from '../../test/migrations.ts';

// A database from before migration 0021 (relative_video_urls), where a listing's hosted videos were
// saved with PUBLIC_URL in front: after the upgrade they are relative, and other URLs are untouched.
const APP = '11111111-1111-4111-8111-111111111111';
const SUBMISSION = '22222222-2222-4222-8222-222222222222';
const HASHED = 'a1b2c3d4e5f6a1b2c3d4e5f6';
const BEFORE: Array<[string, string | null]> = [
  ['Video', `https://portal.example.com/api/v1/videos/${HASHED}`],
  ['ShowcaseVideo', `http://localhost:3000/api/v1/videos/${HASHED}`],
  ['Video', `/api/v1/videos/${HASHED}`],
  ['Video', `https://portal.example.com/api/v1/videos/${HASHED}?t=1`],
  ['Video', 'https://videos.example.com/watch/1'],
  ['Picture', null],
];
let t: TestApp;
before(async () => {
  t = await createTestAppUpgradedFrom('relative_video_urls', async (run) => {
    await run(sql`
      insert into users (id, name, email, email_verified, created_at, updated_at)
      values ('u1', 'Owner', 'owner@example.com', true, now(), now())`);
    await run(sql`
      insert into developer_apps (id, internal_name, owner_id, external_procore_owner_id)
      values (${APP}::uuid, 'Old app', 'u1', 1)`);
    await run(sql`
      insert into marketplace_submissions (id, developer_app_id) values (${SUBMISSION}::uuid, ${APP}::uuid)`);
    for (const [position, [kind, url]] of BEFORE.entries())
      await run(sql`
        insert into marketplace_attachments (submission_id, kind, position, external_url)
        values (${SUBMISSION}::uuid, ${kind}, ${position}, ${url})`);
  });
});
after(() => t.close());

test("the upgrade makes the portal's own video URLs relative and leaves every other URL alone", async () => {
  const rows = (await t.ctx.db.execute(
    sql`select external_url as url from marketplace_attachments order by position`,
  )) as unknown as { rows: Array<{ url: string | null }> };
  assert.deepEqual(
    rows.rows.map((row) => row.url),
    [
      `/api/v1/videos/${HASHED}`,
      `/api/v1/videos/${HASHED}`,
      `/api/v1/videos/${HASHED}`,
      `https://portal.example.com/api/v1/videos/${HASHED}?t=1`,
      'https://videos.example.com/watch/1',
      null,
    ],
  );
});
