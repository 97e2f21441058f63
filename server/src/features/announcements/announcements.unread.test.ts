/**
 * The unread count (watermark + exceptions) against a naive model: random sequences of publish,
 * schedule, draft, unpublish/republish, reschedule, read, read-all, delete and time passing, for
 * two users, compared after every step.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { SessionUser } from '../../platform/auth/session-user.ts';
import { AppError } from '../../platform/errors.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import * as service from './announcements.service.ts';
import { countUnread } from './announcements.unread.ts';

const TIME_ZONE = 'America/New_York';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestApp;
let admin: { id: string; email: string };
let readers: SessionUser[];
before(async () => {
  t = await createTestApp({ timeZone: TIME_ZONE });
  admin = await t.createUser({ role: 'admin' });
  readers = [await t.createUser(), await t.createUser()].map((user) => user as unknown as SessionUser);
});
after(() => t.close());

type Op =
  | { kind: 'publish' }
  | { kind: 'schedule'; days: number }
  | { kind: 'draft' }
  | { kind: 'toggleDraft'; pick: number }
  | { kind: 'reschedule'; pick: number; days: number | null }
  | { kind: 'read'; pick: number; user: number }
  | { kind: 'readAll'; user: number }
  | { kind: 'delete'; pick: number }
  | { kind: 'wait'; hours: number };

// Small picks: the same few announcements get drafted, rescheduled and read again and again.
const pick = fc.nat(5);
const user = fc.nat(1);
const op: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.constant({ kind: 'publish' as const }), weight: 4 },
  {
    arbitrary: fc.record({ kind: fc.constant('schedule' as const), days: fc.integer({ min: 1, max: 3 }) }),
    weight: 2,
  },
  { arbitrary: fc.constant({ kind: 'draft' as const }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('toggleDraft' as const), pick }), weight: 2 },
  {
    arbitrary: fc.record({
      kind: fc.constant('reschedule' as const),
      pick,
      days: fc.option(fc.integer({ min: -1, max: 2 }), { nil: null }),
    }),
    weight: 1,
  },
  { arbitrary: fc.record({ kind: fc.constant('read' as const), pick, user }), weight: 5 },
  { arbitrary: fc.record({ kind: fc.constant('readAll' as const), user }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('delete' as const), pick }), weight: 1 },
  {
    arbitrary: fc.record({ kind: fc.constant('wait' as const), hours: fc.integer({ min: 1, max: 40 }) }),
    weight: 3,
  },
);

/** The portal's today (YYYY-MM-DD) in its time zone, as the spec defines show-after. */
const today = (now: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
const dayFrom = (now: Date, days: number) => today(new Date(now.getTime() + days * DAY));

type Model = Map<string, { draft: boolean; showAfter: string | null }>;

function naiveUnread(model: Model, read: Set<string>, now: Date) {
  let n = 0;
  for (const [id, a] of model) if (isVisible(a, now) && !read.has(id)) n++;
  return n;
}
const isVisible = (a: { draft: boolean; showAfter: string | null }, now: Date) =>
  !a.draft && (a.showAfter === null || a.showAfter <= today(now));

async function reset() {
  await t.ctx.db.execute(sql`delete from announcements`);
  await t.ctx.db.execute(sql`delete from announcement_watermarks`);
  t.clock.set('2026-03-07T15:00:00Z'); // a DST change in New York follows within the runs
}

async function run(ops: Op[]) {
  await reset();
  const model: Model = new Map();
  const reads = readers.map(() => new Set<string>());
  const ids = () => [...model.keys()];
  const chosen = (n: number) => ids()[n % Math.max(1, model.size)];
  const body = { title: 'T', summary: 'S', body: 'B', critical: false };

  for (const [step, o] of ops.entries()) {
    const now = t.clock.now();
    switch (o.kind) {
      case 'publish':
      case 'draft':
      case 'schedule': {
        const showAfter = o.kind === 'schedule' ? dayFrom(now, o.days) : null;
        const draft = o.kind === 'draft';
        const created = await service.createNotification(t.ctx, admin, {
          ...body,
          draft,
          show_after: showAfter,
        });
        model.set(created.id, { draft, showAfter });
        break;
      }
      case 'toggleDraft': {
        const id = chosen(o.pick);
        if (!id) break;
        const a = model.get(id)!;
        await service.updateNotification(t.ctx, admin, id, { draft: !a.draft });
        a.draft = !a.draft;
        break;
      }
      case 'reschedule': {
        const id = chosen(o.pick);
        if (!id) break;
        const showAfter = o.days === null ? null : dayFrom(now, o.days);
        await service.updateNotification(t.ctx, admin, id, { show_after: showAfter });
        model.get(id)!.showAfter = showAfter;
        break;
      }
      case 'read': {
        const id = chosen(o.pick);
        if (!id) break;
        const visible = isVisible(model.get(id)!, now);
        try {
          const read = await service.markNotificationRead(t.ctx, readers[o.user]!, id);
          assert.ok(visible, `step ${step}: read a hidden one`);
          assert.ok(read.read_at, `step ${step}: read_at after reading`);
          reads[o.user]!.add(id);
        } catch (error) {
          if (!(error instanceof AppError) || error.code !== 'not_found') throw error;
          assert.ok(!visible, `step ${step}: a visible one answered 404`);
        }
        break;
      }
      case 'readAll': {
        const expected = naiveUnread(model, reads[o.user]!, now);
        const { marked } = await service.markAllNotificationsRead(t.ctx, readers[o.user]!);
        assert.equal(marked, expected, `step ${step}: marked`);
        for (const [id, a] of model) if (isVisible(a, now)) reads[o.user]!.add(id);
        break;
      }
      case 'delete': {
        const id = chosen(o.pick);
        if (!id) break;
        await service.deleteNotification(t.ctx, admin, id);
        model.delete(id);
        break;
      }
      case 'wait':
        t.clock.advance(o.hours * HOUR);
        break;
    }
    const at = t.clock.now();
    for (const [i, reader] of readers.entries()) {
      const expected = naiveUnread(model, reads[i]!, at);
      const { unread_count } = await service.unreadCount(t.ctx, reader);
      assert.equal(unread_count, expected, `step ${step} (${o.kind}), user ${i}: unread`);
      assert.equal(await countUnread(t.ctx.db, reader.id, at, 2), Math.min(2, expected), 'capped');
    }
  }
  // The list agrees row by row: read_at is empty exactly for the unread ones.
  const at = t.clock.now();
  for (const [i, reader] of readers.entries()) {
    const { rows } = await service.listNotifications(t.ctx, reader, { page: 1, per_page: 100 });
    const visible = [...model].filter(([, a]) => isVisible(a, at)).map(([id]) => id);
    assert.deepEqual(rows.map((row) => row.id).sort(), visible.sort(), `user ${i}: listed`);
    for (const row of rows)
      assert.equal(row.read_at === null, !reads[i]!.has(row.id), `user ${i}: ${row.id}`);
  }
}

test('unread count equals the naive count after every step', { timeout: 600_000 }, async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(1, 2, 16),
      fc.array(op, { minLength: 1, maxLength: 30 }),
      async (threshold, ops) => {
        await t.withLimits({ watermarkMoveAfterReads: threshold }, () => run(ops));
      },
    ),
    {
      numRuns: 60,
      examples: [
        // Published in the same instant as a read-all: after it, so unread.
        [16, [{ kind: 'readAll', user: 0 }, { kind: 'publish' }]],
        // Unpublished while unread, read-all passes it, published again: still unread.
        [
          16,
          [
            { kind: 'publish' },
            { kind: 'toggleDraft', pick: 0 },
            { kind: 'readAll', user: 0 },
            { kind: 'toggleDraft', pick: 0 },
          ],
        ],
        // Visible, then rescheduled into the future: hidden until that day, then unread again.
        [
          1,
          [
            { kind: 'publish' },
            { kind: 'publish' },
            { kind: 'read', pick: 1, user: 1 },
            { kind: 'reschedule', pick: 0, days: 1 },
            { kind: 'read', pick: 1, user: 1 },
            { kind: 'readAll', user: 1 },
            { kind: 'wait', hours: 30 },
          ],
        ],
      ],
    },
  );
});

test('a read-all then many single reads keep the count exact and the range small', async () => {
  await t.withLimits({ watermarkMoveAfterReads: 2 }, async () => {
    await run([
      { kind: 'publish' },
      { kind: 'publish' },
      { kind: 'readAll', user: 0 },
      ...Array.from({ length: 6 }, () => ({ kind: 'publish' }) as const),
      { kind: 'read', pick: 3, user: 0 },
      { kind: 'read', pick: 4, user: 0 },
      { kind: 'read', pick: 5, user: 0 },
      { kind: 'toggleDraft', pick: 6 },
      { kind: 'read', pick: 7, user: 0 },
      { kind: 'toggleDraft', pick: 6 },
      { kind: 'wait', hours: 30 },
    ]);
    // The watermark moved past the opened ones: the exceptions are exactly the unread ones.
    const exceptions = await t.ctx.db.execute(
      sql`select count(*)::int as n from announcement_unreads where user_id = ${readers[0]!.id}`,
    );
    assert.equal((exceptions as unknown as { rows: Array<{ n: number }> }).rows[0]!.n, 2);
  });
});
