import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { mailOutbox, users } from '../../db/schema/index.ts';
import { sendMailJob } from '../../platform/mail/mail.ts';
import { createTestApp, type TestApp, type TestClient, testJobRun } from '../../test/helpers.ts';
import { criticalFanOutJob } from './announcements.jobs.ts';

let t: TestApp;
let admin: TestClient;
let adminUser: { id: string; email: string };
before(async () => {
  // New York: a date-only show-after opens at 04:00 or 05:00 UTC, which the tests pin down.
  t = await createTestApp({ timeZone: 'America/New_York' });
  const created = await t.asNewUser({ role: 'admin', name: 'Avery Admin' });
  admin = created.client;
  adminUser = created.user;
});
after(() => t.close());

const valid = { title: 'API v2 is live', summary: 'Read the **changes**.', body: '# Changes\n\nMore.' };

async function create(body: Record<string, unknown> = {}) {
  const res = await admin.post('/api/v1/admin/notifications', { ...valid, ...body });
  assert.equal(res.statusCode, 201, res.body);
  return res.json();
}

async function criticalMails() {
  return (await t.ctx.db.select().from(mailOutbox)).filter((row) => row.template === 'announcement.critical');
}

describe('admin validation', () => {
  test('title, summary and body are required', async () => {
    const res = await admin.post('/api/v1/admin/notifications', { title: ' ', summary: '' });
    assert.equal(res.statusCode, 422);
    assert.equal(res.json().code, 'validation_failed');
    assert.deepEqual(Object.keys(res.json().fields).sort(), ['body', 'summary', 'title']);
    assert.deepEqual(res.json().fields.title, ['Title is required']);
  });

  test('lengths are bounded', async () => {
    const res = await admin.post('/api/v1/admin/notifications', {
      title: 'x'.repeat(201),
      summary: 'x'.repeat(1001),
      body: 'x'.repeat(50_001),
    });
    assert.equal(res.statusCode, 422);
    assert.deepEqual(res.json().fields.title, ['Title must be at most 200 characters']);
    assert.deepEqual(Object.keys(res.json().fields).sort(), ['body', 'summary', 'title']);
    const atLimit = await admin.post('/api/v1/admin/notifications', {
      title: 'x'.repeat(200),
      summary: 'x'.repeat(1000),
      body: 'x'.repeat(50_000),
      draft: true,
    });
    assert.equal(atLimit.statusCode, 201);
  });

  test('show_after must be a real YYYY-MM-DD date', async () => {
    for (const show_after of ['2026-02-30', '2026-13-01', '26-01-01', '2026/01/01', 'tomorrow', '2026-1-1']) {
      const res = await admin.post('/api/v1/admin/notifications', { ...valid, show_after });
      assert.equal(res.statusCode, 422, show_after);
      assert.deepEqual(res.json().fields.show_after, [
        'Show after must be a real date in the format YYYY-MM-DD',
      ]);
    }
    const leap = await create({ show_after: '2028-02-29', draft: true });
    assert.equal(leap.show_after, '2028-02-29');
    const cleared = await create({ show_after: '', draft: true });
    assert.equal(cleared.show_after, null);
  });

  test('wrong types are refused, never a 500', async () => {
    const res = await admin.post('/api/v1/admin/notifications', { ...valid, critical: 'yes', draft: 3 });
    assert.equal(res.statusCode, 422);
    assert.deepEqual(Object.keys(res.json().fields).sort(), ['critical', 'draft']);
  });

  test('critical on create clears show_after and draft', async () => {
    const created = await create({ critical: true, draft: true, show_after: '2030-01-01' });
    assert.equal(created.critical, true);
    assert.equal(created.draft, false);
    assert.equal(created.show_after, null);
    assert.equal(created.visible, true);
    assert.equal(created.author_name, 'Avery Admin');
  });

  test('changing critical on update is refused with a clear error', async () => {
    const normal = await create({ draft: true });
    const res = await admin.patch(`/api/v1/admin/notifications/${normal.id}`, { critical: true });
    assert.equal(res.statusCode, 422);
    assert.deepEqual(res.json().fields.critical, [
      'Critical can only be set when the notification is created',
    ]);
    const same = await admin.patch(`/api/v1/admin/notifications/${normal.id}`, {
      critical: false,
      title: 'Renamed',
    });
    assert.equal(same.statusCode, 200);
    assert.equal(same.json().title, 'Renamed');

    const critical = await create({ critical: true });
    const off = await admin.patch(`/api/v1/admin/notifications/${critical.id}`, { critical: false });
    assert.equal(off.statusCode, 422);
    const hide = await admin.patch(`/api/v1/admin/notifications/${critical.id}`, {
      draft: true,
      show_after: '2030-01-01',
    });
    assert.equal(hide.statusCode, 422);
    assert.deepEqual(Object.keys(hide.json().fields).sort(), ['draft', 'show_after']);
  });

  test('update validates like create', async () => {
    const created = await create({ draft: true });
    const res = await admin.patch(`/api/v1/admin/notifications/${created.id}`, {
      title: '',
      show_after: '2026-02-31',
    });
    assert.equal(res.statusCode, 422);
    assert.deepEqual(Object.keys(res.json().fields).sort(), ['show_after', 'title']);
  });

  test('unknown ids are 404 on every admin call', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      assert.equal((await admin.get(`/api/v1/admin/notifications/${id}`)).statusCode, 404);
      assert.equal((await admin.patch(`/api/v1/admin/notifications/${id}`, { title: 'x' })).statusCode, 404);
      assert.equal((await admin.delete(`/api/v1/admin/notifications/${id}`)).statusCode, 404);
    }
  });
});

describe('admin management', () => {
  test('list shows drafts with visibility flags; get, update and delete', async () => {
    t.clock.set('2030-05-01T12:00:00Z');
    const draft = await create({ title: 'Draft one', draft: true });
    t.clock.advance(1000);
    const scheduled = await create({ title: 'Scheduled one', show_after: '2030-05-20' });
    t.clock.advance(1000);
    const live = await create({ title: 'Live one' });
    const list = await admin.get('/api/v1/admin/notifications?per_page=100');
    assert.equal(list.statusCode, 200);
    assert.ok(Number(list.headers.total) >= 3);
    const byId = new Map(list.json().map((row: { id: string }) => [row.id, row]));
    assert.deepEqual(
      [draft, scheduled, live].map((n) => {
        const row = byId.get(n.id) as { visible: boolean; draft: boolean; visible_by_show_after: boolean };
        return [row.visible, row.draft, row.visible_by_show_after];
      }),
      [
        [false, true, true],
        [false, false, false],
        [true, false, true],
      ],
    );
    assert.equal(list.json()[0].id, live.id, 'newest first');

    const got = await admin.get(`/api/v1/admin/notifications/${draft.id}`);
    assert.equal(got.json().title, 'Draft one');
    const published = await admin.patch(`/api/v1/admin/notifications/${draft.id}`, { draft: false });
    assert.equal(published.json().visible, true);
    const removed = await admin.delete(`/api/v1/admin/notifications/${draft.id}`);
    assert.equal(removed.statusCode, 204);
    assert.equal((await admin.get(`/api/v1/admin/notifications/${draft.id}`)).statusCode, 404);
  });

  test('developers get 403 on every admin endpoint', async () => {
    const { client } = await t.asNewUser();
    const created = await create({ draft: true });
    const calls = [
      client.get('/api/v1/admin/notifications'),
      client.post('/api/v1/admin/notifications', valid),
      client.get(`/api/v1/admin/notifications/${created.id}`),
      client.patch(`/api/v1/admin/notifications/${created.id}`, { title: 'x' }),
      client.delete(`/api/v1/admin/notifications/${created.id}`),
    ];
    for (const res of await Promise.all(calls)) {
      assert.equal(res.statusCode, 403);
      assert.equal(res.json().code, 'forbidden');
    }
    assert.equal((await admin.get(`/api/v1/admin/notifications/${created.id}`)).json().title, valid.title);
  });
});

describe('developer visibility and read state', () => {
  test('drafts and future show_after stay hidden (list and get) until the day starts in the portal time zone', async () => {
    t.clock.set('2026-06-01T12:00:00Z');
    const { client } = await t.asNewUser();
    const draft = await create({ title: 'Hidden draft', draft: true });
    const scheduled = await create({ title: 'Opens June 10', show_after: '2026-06-10' });
    const ids = async () =>
      (await client.get('/api/v1/notifications?per_page=100')).json().map((n: { id: string }) => n.id);

    assert.ok(!(await ids()).includes(draft.id));
    assert.ok(!(await ids()).includes(scheduled.id));
    assert.equal((await client.get(`/api/v1/notifications/${draft.id}`)).statusCode, 404);
    assert.equal((await client.get(`/api/v1/notifications/${scheduled.id}`)).statusCode, 404);
    assert.equal((await client.patch(`/api/v1/notifications/${scheduled.id}`)).statusCode, 404);

    // 23:59 on June 9 in New York
    t.clock.set('2026-06-10T03:59:59Z');
    assert.ok(!(await ids()).includes(scheduled.id));
    assert.equal((await client.get(`/api/v1/notifications/${scheduled.id}`)).statusCode, 404);
    // 00:00 on June 10 in New York
    t.clock.set('2026-06-10T04:00:00Z');
    assert.ok((await ids()).includes(scheduled.id));
    const opened = await client.get(`/api/v1/notifications/${scheduled.id}`);
    assert.equal(opened.statusCode, 200);
    assert.equal(opened.json().href, `/notifications/${scheduled.id}`);
    assert.equal(opened.json().visible, true);
    assert.ok(!(await ids()).includes(draft.id));
    assert.equal((await client.get(`/api/v1/notifications/${draft.id}`)).statusCode, 404);
  });

  test('newest first by created_at', async () => {
    const { client } = await t.asNewUser();
    t.clock.set('2026-07-01T10:00:00Z');
    const older = await create({ title: 'Older' });
    t.clock.set('2026-07-02T10:00:00Z');
    const newer = await create({ title: 'Newer' });
    const list = (await client.get('/api/v1/notifications?per_page=100')).json();
    const order = list.map((n: { id: string }) => n.id);
    assert.ok(order.indexOf(newer.id) < order.indexOf(older.id));
    const times = list.map((n: { created_at: string }) => n.created_at);
    assert.deepEqual(times, [...times].sort().reverse());
  });

  test('read state is per user; marking read is idempotent; unread count drops', async () => {
    t.clock.set('2026-08-01T10:00:00Z');
    const a = await t.asNewUser();
    const b = await t.asNewUser();
    const item = await create({ title: 'Per user' });
    const countOf = async (c: TestClient) =>
      (await c.get('/api/v1/notifications/unread_count')).json().unread_count;
    const before = await countOf(a.client);
    assert.ok(before >= 1);
    assert.equal(await countOf(b.client), before);

    const first = await a.client.patch(`/api/v1/notifications/${item.id}`);
    assert.equal(first.statusCode, 200);
    assert.equal(first.json().read_at, '2026-08-01T10:00:00.000Z');
    t.clock.advance(60_000);
    const again = await a.client.patch(`/api/v1/notifications/${item.id}`);
    assert.equal(again.json().read_at, '2026-08-01T10:00:00.000Z', 'the first read time stays');

    assert.equal(await countOf(a.client), before - 1);
    assert.equal(await countOf(b.client), before);
    assert.equal((await b.client.get(`/api/v1/notifications/${item.id}`)).json().read_at, null);
    const listA = (await a.client.get('/api/v1/notifications?per_page=100')).json();
    assert.equal(listA.find((n: { id: string }) => n.id === item.id).read_at, '2026-08-01T10:00:00.000Z');

    const all = await b.client.post('/api/v1/notifications/read_all');
    assert.equal(all.statusCode, 200);
    assert.equal(all.json().marked, before);
    assert.equal(await countOf(b.client), 0);
    assert.equal(await countOf(a.client), before - 1);

    // "Read by" counts developers who opened it; marking all as read is not opening.
    const readBy = async () =>
      (await admin.get(`/api/v1/admin/notifications/${item.id}`)).json().reach.read_count;
    assert.equal(await readBy(), 1);
    const opened = await b.client.patch(`/api/v1/notifications/${item.id}`);
    assert.ok(opened.json().read_at, 'marked read by read-all');
    assert.equal(await readBy(), 2);
    await b.client.patch(`/api/v1/notifications/${item.id}`);
    assert.equal(await readBy(), 2, 'opening again is not counted twice');
  });

  test('anonymous callers get 401', async () => {
    const res = await t.client().get('/api/v1/notifications');
    assert.equal(res.statusCode, 401);
  });
});

describe('critical e-mails', () => {
  test('one e-mail per confirmed, opted-in account; a retried fan-out sends nothing twice', async () => {
    t.clock.set('2026-09-01T10:00:00Z');
    await t.drainJobs();
    const sent: string[] = [];
    t.ctx.smtp = { sendMail: async (message: { to: string }) => void sent.push(message.to) } as never;
    try {
      const optedIn = await t.createUser({ name: 'Opted In' });
      const optedOut = await t.createUser({ name: 'Opted Out' });
      await t.ctx.db.update(users).set({ criticalEmails: false }).where(eq(users.id, optedOut.id));
      const unconfirmed = await t.createUser({ name: 'Unconfirmed', confirmed: false });

      const created = await create({
        critical: true,
        title: 'Security fix <b>now</b>',
        body: 'Rotate keys. <script>alert(1)</script> [x](javascript:alert(1)) [docs](https://example.com/docs)',
      });
      // A run the server gave up on (stopping) queues nothing more; the run after it does it all.
      const queuedMails = async () => {
        const result = (await t.ctx.db.execute(
          sql`select count(*)::int as n from pgboss.job where name = ${sendMailJob.name} and singleton_key like ${`announcement:${created.id}:%`}`,
        )) as unknown as { rows: Array<{ n: number }> };
        return result.rows[0]!.n;
      };
      const givenUp = new AbortController();
      givenUp.abort();
      await criticalFanOutJob.handler(
        { announcementId: created.id },
        t.ctx,
        testJobRun('stopped', false, givenUp.signal),
      );
      assert.equal(await queuedMails(), 0);
      // A retried fan-out job: the handler runs again before and after the queue drains.
      await criticalFanOutJob.handler({ announcementId: created.id }, t.ctx, testJobRun('retry-1'));
      assert.ok((await queuedMails()) > 0, 'the run after it queued the e-mails');
      await t.drainJobs();
      await criticalFanOutJob.handler({ announcementId: created.id }, t.ctx, testJobRun('retry-2'));
      await t.drainJobs();

      const mails = (await criticalMails()).filter((m) =>
        m.idempotencyKey.startsWith(`announcement:${created.id}:`),
      );
      const recipients = mails.map((m) => m.to);
      assert.ok(recipients.includes(optedIn.email));
      assert.ok(!recipients.includes(optedOut.email));
      assert.ok(!recipients.includes(unconfirmed.email));
      assert.equal(new Set(recipients).size, recipients.length);
      assert.equal(sent.filter((to) => to === optedIn.email).length, 1);

      // A retried mail job for the same recipient is a no-op.
      const mine = mails.find((m) => m.to === optedIn.email)!;
      await sendMailJob.handler(
        {
          to: mine.to,
          subject: mine.subject,
          text: mine.text,
          html: mine.html,
          template: mine.template,
          idempotencyKey: mine.idempotencyKey,
        },
        t.ctx,
        testJobRun('retry-3'),
      );
      assert.equal(sent.filter((to) => to === optedIn.email).length, 1);

      assert.equal(mine.subject, '[Procore Developers] Security fix <b>now</b>');
      assert.doesNotMatch(mine.html, /<script|javascript:|<b>now/i);
      assert.match(mine.html, /<a href="https:\/\/example.com\/docs">docs<\/a>/);
      assert.match(mine.html, /Security fix &lt;b&gt;now&lt;\/b&gt;/);

      const reach = (await admin.get(`/api/v1/admin/notifications/${created.id}`)).json().reach;
      assert.equal(reach.emails_sent, recipients.length);
      assert.equal(reach.emails_failed, 0);
    } finally {
      t.ctx.smtp = undefined;
    }
  });

  test('failed deliveries count as failed in the reach', async () => {
    await t.drainJobs();
    t.ctx.smtp = {
      sendMail: async () => {
        throw new Error('SMTP down');
      },
    } as never;
    try {
      const created = await create({ critical: true, title: 'Undeliverable' });
      await t.drainJobs();
      const reach = (await admin.get(`/api/v1/admin/notifications/${created.id}`)).json().reach;
      assert.ok(reach.emails_failed >= 1, JSON.stringify(reach));
      assert.equal(reach.emails_sent, 0);
      const listed = (await admin.get('/api/v1/admin/notifications?per_page=100')).json();
      assert.deepEqual(listed.find((row: { id: string }) => row.id === created.id).reach, reach);
    } finally {
      t.ctx.smtp = undefined;
    }
  });

  test('a failed e-mail that a retry delivers moves from failed to sent in the reach', async () => {
    await t.drainJobs();
    let fail = true;
    t.ctx.smtp = {
      sendMail: async () => {
        if (fail) throw new Error('421 try later');
      },
    } as never;
    try {
      const created = await create({ critical: true, title: 'Flaky' });
      await t.drainJobs();
      const reach = async () => (await admin.get(`/api/v1/admin/notifications/${created.id}`)).json().reach;
      const failed = await reach();
      assert.ok(failed.emails_failed >= 1 && failed.emails_sent === 0, JSON.stringify(failed));
      const [mail] = (await criticalMails()).filter((m) =>
        m.idempotencyKey.startsWith(`announcement:${created.id}:`),
      );
      fail = false;
      await sendMailJob.handler(
        {
          to: mail!.to,
          subject: mail!.subject,
          text: mail!.text,
          html: mail!.html,
          template: mail!.template,
          idempotencyKey: mail!.idempotencyKey,
        },
        t.ctx,
        testJobRun('retry-ok'),
      );
      const after = await reach();
      assert.deepEqual(
        { sent: after.emails_sent, failed: after.emails_failed },
        { sent: 1, failed: failed.emails_failed - 1 },
      );
    } finally {
      t.ctx.smtp = undefined;
    }
  });

  test('a non-critical announcement sends no e-mail', async () => {
    const created = await create({ title: 'Quiet' });
    await t.drainJobs();
    const mails = (await criticalMails()).filter((m) =>
      m.idempotencyKey.startsWith(`announcement:${created.id}:`),
    );
    assert.equal(mails.length, 0);
  });

  test('a critical announcement that is not visible is never e-mailed', async () => {
    const created = await create({ critical: true });
    // Force it hidden behind the API's back, before the fan-out runs.
    const { announcements } = await import('../../db/schema/index.ts');
    await t.ctx.db.update(announcements).set({ draft: true }).where(eq(announcements.id, created.id));
    await t.drainJobs();
    const mails = (await criticalMails()).filter((m) =>
      m.idempotencyKey.startsWith(`announcement:${created.id}:`),
    );
    assert.equal(mails.length, 0);
  });

  test('the one-click opt-out link turns critical e-mails off', async () => {
    const { user, client } = await t.asNewUser({ name: 'Leaving Soon' });
    const created = await create({ critical: true, title: 'Opt-out test' });
    await t.drainJobs();
    const mail = (await criticalMails()).find(
      (m) => m.to === user.email && m.idempotencyKey.includes(created.id),
    );
    assert.ok(mail);
    const match = /\/notifications\/opt_out\?token=([^\s"]+)/.exec(mail.text);
    assert.ok(match, mail.text);
    const token = decodeURIComponent(match[1]!);
    assert.match(mail.html, /notifications\/opt_out\?token=/);

    const bad = await t
      .client()
      .post('/api/v1/notifications/opt_out', { token: `${token.split('.')[0]}.forged` });
    assert.equal(bad.statusCode, 422);
    assert.deepEqual(Object.keys(bad.json().fields), ['token']);
    assert.equal((await client.get('/api/v1/me')).json().critical_emails, true);

    const res = await t.client().post('/api/v1/notifications/opt_out', { token });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), { email: user.email, critical_emails: false });
    assert.equal((await client.get('/api/v1/me')).json().critical_emails, false);

    const next = await create({ critical: true, title: 'After opting out' });
    await t.drainJobs();
    const after = (await criticalMails()).filter(
      (m) => m.to === user.email && m.idempotencyKey.includes(next.id),
    );
    assert.equal(after.length, 0);
  });
});

test('the admin author is recorded', async () => {
  const created = await create({ draft: true });
  assert.equal(created.author_name, 'Avery Admin');
  assert.ok(adminUser.id);
});
