import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, test } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { sessions, verifications } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { migrateUntil } from '../../test/migrations.ts';
import { hashSessionToken } from './hashed-session-tokens.ts';

// A database from before session tokens were hashed (every migration before hash_session_tokens),
// holding a live session and an unused reset link stored the old way; then the portal starts and
// migrates it.
const LEGACY_SESSION = 'LegacySessionToken0123456789abcd';
const LEGACY_RESET = 'legacy-reset-token-0123456789';

let t: TestApp;
let userId: string;
before(async () => {
  t = await createTestApp(
    {},
    {
      beforeMigrate: async (database) => {
        await migrateUntil(database, 'hash_session_tokens');
        // Plain SQL: the schema's users table has columns added by later migrations.
        const inserted = (await database.db.execute(
          sql`insert into users (name, email, email_verified) values ('Legacy', 'legacy@example.com', true) returning id`,
        )) as unknown as { rows: Array<{ id: string }> };
        userId = inserted.rows[0]!.id;
        const inADay = new Date(Date.now() + 24 * 3600 * 1000);
        await database.db.insert(sessions).values({ token: LEGACY_SESSION, userId, expiresAt: inADay });
        await database.db
          .insert(verifications)
          .values({ identifier: `reset-password:${LEGACY_RESET}`, value: userId, expiresAt: inADay });
      },
    },
  );
});
after(() => t.close());

test('the upgrade hashes stored session tokens, and the session goes on working', async () => {
  const rows = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, userId));
  assert.deepEqual(
    rows.map((row) => row.token),
    [hashSessionToken(LEGACY_SESSION)],
  );
  const cookie = `${LEGACY_SESSION}.${createHmac('sha256', t.ctx.config.sessionSecret).update(LEGACY_SESSION).digest('base64')}`;
  const me = await t.app.inject({
    url: '/api/v1/me',
    headers: { cookie: `portal.session_token=${encodeURIComponent(cookie)}` },
  });
  assert.equal(me.statusCode, 200, me.body);
  assert.equal(me.json().email, 'legacy@example.com');
});

test('the upgrade hashes reset links stored in plain, and the link goes on working', async () => {
  const rows = await t.ctx.db.select().from(verifications).where(eq(verifications.value, userId));
  assert.equal(rows.length, 1);
  assert.doesNotMatch(rows[0]!.identifier, new RegExp(LEGACY_RESET));
  // The user has no password yet (inserted bare): the reset gives the account its credential row.
  const res = await t.client().post('/api/v1/auth/reset_password', {
    token: LEGACY_RESET,
    password: 'a password after the upgrade',
  });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(
    (await t.ctx.db.select().from(verifications).where(eq(verifications.value, userId))).length,
    0,
  );
});
