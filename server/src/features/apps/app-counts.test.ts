/**
 * My Apps' Total comes from `user_app_counts`, kept by triggers (migration 0012). Random sequences
 * of what can happen to apps and memberships — create, join, leave, soft delete, undelete, hard
 * delete, a membership moving to another user, several rows in one statement — are compared after
 * every step with a naive count of live memberships.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { createAppAs } from './testing.ts';

let t: TestApp;
let people: string[];
before(async () => {
  t = await createTestApp();
  people = [];
  for (let i = 0; i < 3; i++) people.push((await t.createUser()).id);
});
after(() => t.close());

type Op =
  | { kind: 'create'; owner: number; also: number[] }
  | { kind: 'join'; app: number; user: number }
  | { kind: 'leave'; app: number; user: number }
  | { kind: 'softDelete'; app: number }
  | { kind: 'undelete'; app: number }
  | { kind: 'hardDelete'; app: number }
  | { kind: 'move'; app: number; from: number; to: number }
  | { kind: 'deleteAll' };

const person = fc.nat(2);
const app = fc.nat(7);
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('create' as const),
      owner: person,
      also: fc.uniqueArray(person, { maxLength: 2 }),
    }),
    weight: 4,
  },
  { arbitrary: fc.record({ kind: fc.constant('join' as const), app, user: person }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('leave' as const), app, user: person }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('softDelete' as const), app }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('undelete' as const), app }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('hardDelete' as const), app }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('move' as const), app, from: person, to: person }), weight: 1 },
  { arbitrary: fc.constant({ kind: 'deleteAll' as const }), weight: 1 },
);

/** The rows of a raw query. */
async function rows<Row>(query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await t.ctx.db.execute(query)) as unknown as { rows: Row[] }).rows;
}

async function apply(step: Op, apps: string[]) {
  const db = t.ctx.db;
  const appId = 'app' in step ? apps[step.app % Math.max(1, apps.length)] : undefined;
  switch (step.kind) {
    case 'create': {
      const owner = people[step.owner]!;
      const [row] = await rows<{
        id: string;
      }>(sql`insert into developer_apps (internal_name, owner_id, external_procore_owner_id)
          values ('Counted', ${owner}, 1) returning id`);
      // The owner and any others in one statement: the trigger sees several rows at once.
      const members = [step.owner, ...step.also.filter((p) => p !== step.owner)].map((p) => people[p]!);
      await db.execute(sql`insert into developer_app_members (developer_app_id, user_id, role)
        select ${row!.id}, u, 'developer' from unnest(${`{${members.join(',')}}`}::text[]) u`);
      apps.push(row!.id);
      return;
    }
    case 'join':
      if (!appId) return;
      await db.execute(sql`insert into developer_app_members (developer_app_id, user_id, role)
        values (${appId}, ${people[step.user]!}, 'developer') on conflict do nothing`);
      return;
    case 'leave':
      if (!appId) return;
      await db.execute(sql`delete from developer_app_members
        where developer_app_id = ${appId} and user_id = ${people[step.user]!}`);
      return;
    case 'softDelete':
      if (!appId) return;
      await db.execute(
        sql`update developer_apps set deleted_at = coalesce(deleted_at, now()) where id = ${appId}`,
      );
      return;
    case 'undelete':
      if (!appId) return;
      await db.execute(sql`update developer_apps set deleted_at = null where id = ${appId}`);
      return;
    case 'hardDelete':
      if (!appId) return;
      await db.execute(sql`delete from developer_apps where id = ${appId}`);
      apps.splice(apps.indexOf(appId), 1);
      return;
    case 'move':
      if (!appId || step.from === step.to) return;
      await db.execute(sql`update developer_app_members set user_id = ${people[step.to]!}
        where developer_app_id = ${appId} and user_id = ${people[step.from]!}
        and not exists (select 1 from developer_app_members o
          where o.developer_app_id = ${appId} and o.user_id = ${people[step.to]!})`);
      return;
    case 'deleteAll':
      // Every app soft-deleted in one statement, then half of them back.
      await db.execute(
        sql`update developer_apps set deleted_at = now() where id = any(${`{${apps.join(',')}}`}::uuid[])`,
      );
      await db.execute(sql`update developer_apps set deleted_at = null
        where id = any(${`{${apps.filter((_, i) => i % 2 === 0).join(',')}}`}::uuid[])`);
      return;
  }
}

async function mismatches() {
  const counts = await rows<{ id: string; kept: number; naive: number }>(sql`
    select u.id, coalesce(c.live_apps, 0) as kept,
      (select count(*)::int from developer_app_members m join developer_apps a on a.id = m.developer_app_id
        where m.user_id = u.id and a.deleted_at is null) as naive
    from users u left join user_app_counts c on c.user_id = u.id
    where u.id = any(${`{${people.join(',')}}`}::text[])`);
  return counts.filter((r) => r.kept !== r.naive);
}

test('the kept count equals a naive count after every step', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (steps) => {
      await t.ctx.db.execute(sql`delete from developer_apps`);
      const apps: string[] = [];
      for (const step of steps) {
        await apply(step, apps);
        assert.deepEqual(await mismatches(), [], `after ${JSON.stringify(step)}`);
      }
    }),
    { numRuns: 40 },
  );
});

test('My Apps answers the kept count as its Total, and a search still counts its matches', async () => {
  const { client } = await t.asNewUser();
  for (const name of ['Alpha one', 'Beta two', 'Alpha three']) await createAppAs(client, name);
  const all = await client.get('/api/v1/developer_apps?per_page=2');
  assert.equal(all.headers.total, '3');
  const alpha = await client.get('/api/v1/developer_apps?per_page=2&filters[search]=Alpha');
  assert.equal(alpha.headers.total, '2');
  // The Total is the kept count: a count that disagreed with the rows would show here.
  const email = (await client.get('/api/v1/me')).json().email;
  const [me] = await rows<{ id: string }>(sql`select id from users where email = ${email}`);
  await t.ctx.db.execute(sql`update user_app_counts set live_apps = 7 where user_id = ${me!.id}`);
  assert.equal((await client.get('/api/v1/developer_apps?per_page=2')).headers.total, '7');
});
