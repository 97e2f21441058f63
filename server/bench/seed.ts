// Set-based seeding through the real schema: every row is made by INSERT … SELECT over
// generate_series in chunks, so memory stays flat whatever BENCH_ROWS is. Columns are always named,
// so a migration that adds a column with a default does not break the bench.
import { performance } from 'node:perf_hooks';
import { type SQL, sql } from 'drizzle-orm';
import { createUserWithPassword } from '../src/features/auth/index.ts';
import type { AppContext } from '../src/platform/context.ts';

export const BENCH_PASSWORD = 'bench password 1';
export const BENCH_DEVELOPER = 'bench-developer@example.com';
export const BENCH_ADMIN = 'bench-admin@example.com';
/** Planted in 0.1 % of the rows of every table, so a substring search has a known, small result. */
export const SEARCH_TERM = 'elemetr';

const CHUNK = 100_000;

export type SeedSizes = {
  announcements: number;
  users: number;
  outbox: number;
  /** Apps of the bench developer (My Apps). */
  apps: number;
  /** Apps of other users: with `apps`, the admin lists' million. */
  otherApps: number;
  /** One app in this many has a marketplace listing (in review, published or a draft). */
  listingEvery: number;
};

/**
 * `rows` developers, announcements, e-mails and apps; 1 % of the apps are the bench developer's.
 * `otherApps` (`BENCH_OTHER_APPS`) sets the other users' apps instead: 0 seeds issue #8's sizes
 * alone (no million apps, OAuth clients and sandboxes for the admin lists).
 */
export const seedSizes = (rows: number, otherApps = otherAppsFromEnv()): SeedSizes => {
  const apps = Math.max(10, Math.round(rows / 100));
  return {
    announcements: rows,
    users: rows,
    outbox: rows,
    apps,
    otherApps: otherApps ?? Math.max(10, rows - apps),
    listingEvery: 100,
  };
};

function otherAppsFromEnv(): number | undefined {
  const value = process.env.BENCH_OTHER_APPS;
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`BENCH_OTHER_APPS must be a whole number ≥ 0, not ${value}`);
  return n;
}

type Step = { table: string; rows: number; ms: number };

/** Fills the database; returns what each step inserted and how long it took. */
export async function seed(ctx: AppContext, sizes: SeedSizes, log: (line: string) => void) {
  const steps: Step[] = [];
  const developer = await createUserWithPassword(ctx, {
    name: 'Bench Developer',
    email: BENCH_DEVELOPER,
    password: BENCH_PASSWORD,
    companyName: 'Bench Co',
  });
  const admin = await createUserWithPassword(ctx, {
    name: 'Bench Admin',
    email: BENCH_ADMIN,
    password: BENCH_PASSWORD,
    role: 'admin',
    employee: true,
  });

  const run = async (table: string, total: number, chunk: (lo: number, hi: number) => SQL) => {
    const start = performance.now();
    let rows = 0;
    await withChecksDeferred(ctx, table, async () => {
      for (let lo = 1; lo <= total; lo += CHUNK) {
        rows += insertedBy(await ctx.db.execute(chunk(lo, Math.min(total, lo + CHUNK - 1))));
      }
    });
    const ms = performance.now() - start;
    steps.push({ table, rows, ms });
    log(`  ${table.padEnd(26)} ${rows.toLocaleString().padStart(10)} rows  ${(ms / 1000).toFixed(1)} s`);
  };

  const n = sizes.announcements;
  await run('users', sizes.users, (lo, hi) => usersChunk(lo, hi));
  await run('announcements', n, (lo, hi) => announcementsChunk(lo, hi, admin.id));
  await ctx.db.execute(watermarkSql(developer.id));
  await run('announcement_reads', n, (lo, hi) => readsChunk(lo, hi, developer.id));
  await run('announcement_unreads', n, (lo, hi) => unreadsChunk(lo, hi, developer.id));
  await run('mail_outbox', sizes.outbox, (lo, hi) => outboxChunk(lo, hi, n, sizes.users));
  const owned = { id: developer.id, procoreId: developer.procoreId };
  const apps = sizes.apps + sizes.otherApps;
  await run('developer_apps', apps, (lo, hi) => appsChunk(lo, hi, sizes, owned));
  await run('developer_app_members', apps, (lo, hi) => membersChunk(lo, hi, sizes, owned.id));
  await run('oauth_applications', apps, (lo, hi) => oauthChunk(lo, hi, sizes, owned.id));
  await run('sandboxes', apps, (lo, hi) => sandboxesChunk(lo, hi));
  await run('marketplace_submissions', apps, (lo, hi) => listingsChunk(lo, hi, sizes, owned.id));

  // A maintained database is vacuumed (PostgreSQL's autovacuum; PGlite has none, so this is the
  // best case there) and analyzed; without it the planner guesses and index-only scans hit the heap.
  const start = performance.now();
  await ctx.db.execute(sql`vacuum analyze`);
  steps.push({ table: 'vacuum analyze', rows: 0, ms: performance.now() - start });
  log(
    `  ${'vacuum analyze'.padEnd(26)} ${''.padStart(10)}       ${((performance.now() - start) / 1000).toFixed(1)} s`,
  );
  return { developerId: developer.id, adminId: admin.id, steps };
}

/** Rows an INSERT wrote (node-postgres says rowCount, PGlite affectedRows). */
const insertedBy = (result: unknown) => {
  const { rowCount, affectedRows } = result as { rowCount?: number | null; affectedRows?: number };
  return rowCount ?? affectedRows ?? 0;
};

type Named = { name: string; definition: string };
const rowsOf = (result: unknown) => (result as { rows: Named[] }).rows;

/**
 * Bulk loading is several times faster without per-row index maintenance and foreign-key checks,
 * so a table's plain indexes and foreign keys are dropped before its load and put back from their
 * own definitions after it (whatever migrations made them). Re-adding a foreign key checks every
 * row in one pass, so a seed that broke one fails here. Primary keys, unique constraints and
 * triggers stay (a counter a trigger maintains keeps counting).
 */
async function withChecksDeferred(ctx: AppContext, table: string, load: () => Promise<void>) {
  const run = (statement: string) => ctx.db.execute(sql.raw(statement));
  const indexes = rowsOf(
    await ctx.db.execute(sql`
      select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i
      where i.indrelid = to_regclass(${table})
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`),
  );
  const foreignKeys = rowsOf(
    await ctx.db.execute(sql`
      select conname as name, pg_get_constraintdef(oid) as definition
      from pg_constraint where conrelid = to_regclass(${table}) and contype = 'f'`),
  );
  for (const key of foreignKeys) await run(`alter table ${table} drop constraint "${key.name}"`);
  for (const index of indexes) await run(`drop index ${index.name}`);
  await load();
  for (const index of indexes) {
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local maintenance_work_mem = '128MB'`));
      await tx.execute(sql.raw(index.definition));
    });
  }
  for (const key of foreignKeys)
    await run(`alter table ${table} add constraint "${key.name}" ${key.definition}`);
}

// Row g is created g × 30 s ago, so g = 1 is the newest (first page) and g = N the oldest (last).
const age = sql.raw(`now() - make_interval(secs => g * 30)`);
/**
 * 0.1 % of rows carry SEARCH_TERM: those with g % 1000 = 3, which are published announcements
 * (drafts are g % 10 = 0 and scheduled ones g % 10 = 1, so a developer's search finds them too).
 */
const planted = (g: string, hit: string, miss: string) =>
  sql.raw(`case when ${g} % 1000 = 3 then ${hit} else ${miss} end`);

function usersChunk(lo: number, hi: number) {
  return sql`
    insert into users (id, name, email, email_verified, role, company_name, created_at, updated_at)
    select 'bench-user-' || g,
           ${planted('g', `'Telemetry Tester ' || g`, `'Developer ' || g`)},
           'dev' || g || '@bench.example.com', g % 20 <> 0, 'developer', 'Company ' || (g % 5000),
           ${age}, ${age}
    from generate_series(${lo}::int, ${hi}::int) g`;
}

/**
 * 80 % published, 10 % drafts, 10 % scheduled in the future; every 500th published one critical.
 * visible_from / visible_seq are filled as the announcements repo fills them (drafts have none;
 * otherwise the later of creation and the show-after day, in UTC).
 */
function announcementsChunk(lo: number, hi: number, authorId: string) {
  return sql`
    insert into announcements (id, title, summary, body, critical, draft, show_after, show_after_at,
                               visible_from, visible_seq, author_id, created_at, updated_at)
    select id, title, summary, body, critical, draft, show_after, show_after_at,
           case when draft then null else greatest(created_at, coalesce(show_after_at, created_at)) end,
           case when draft then null else nextval('announcements_visible_seq') end,
           author_id, created_at, created_at
    from (
      select md5('announcement-' || g)::uuid as id,
             ${planted('g', `'Telemetry API changes ' || g`, `'Release notes ' || g`)} as title,
             'What changed in release ' || g as summary,
             '## Release ' || g || E'\n\nThe **platform** gained new endpoints. See the [changelog](https://example.com/changelog/' || g || ').' as body,
             g % 500 = 5 as critical, g % 10 = 0 as draft, s.show_after,
             s.show_after::timestamp at time zone 'UTC' as show_after_at,
             ${authorId}::text as author_id, ${age} as created_at
      from generate_series(${lo}::int, ${hi}::int) g,
           lateral (select case g % 10 when 1 then current_date + (1 + g % 300)
                                       when 2 then current_date - (1 + g % 300) end as show_after) s
    ) a`;
}

/**
 * The bench developer's read state as the unread model keeps it: a watermark an hour old (as
 * "mark all read" leaves it) with a few exceptions below it, and every 10th of the newer ones
 * opened since, so a few dozen stay unread.
 */
function watermarkSql(userId: string) {
  return sql`
    insert into announcement_watermarks (user_id, read_through, read_through_seq)
    values (${userId}, now() - interval '1 hour', 0)`;
}

function readsChunk(lo: number, hi: number, userId: string) {
  return sql`
    insert into announcement_reads (announcement_id, user_id, read_at, visible_from, visible_seq)
    select id, ${userId}, now(), visible_from, visible_seq
    from announcements
    where id in (select md5('announcement-' || g)::uuid from generate_series(${lo}::int, ${hi}::int) g
                 where g <= 120 and g % 10 = 3)
      and visible_from is not null`;
}

function unreadsChunk(lo: number, hi: number, userId: string) {
  return sql`
    insert into announcement_unreads (user_id, announcement_id)
    select ${userId}, md5('announcement-' || g)::uuid
    from generate_series(${lo}::int, ${hi}::int) g
    where g > 120 and g <= 20000 and g % 1000 = 7`;
}

/**
 * 10 % are critical-announcement e-mails (keyed, and naming their announcement, as the announcements
 * feature's mail does).
 */
function outboxChunk(lo: number, hi: number, announcements: number, users: number) {
  const criticals = Math.max(1, Math.floor((announcements - 5) / 500) + 1);
  const announcement = sql.raw(`md5('announcement-' || (((g / 10) % ${criticals}) * 500 + 5))::uuid`);
  return sql`
    insert into mail_outbox (idempotency_key, announcement_id, "to", subject, text, html, template, delivery, status, error, created_at)
    select case when g % 10 = 0 then 'announcement:' || ${announcement} || ':bench-user-' || g else 'bench:' || g end,
           case when g % 10 = 0 then ${announcement} end,
           ${planted('g', `'telemetry' || g || '@bench.example.com'`, `'dev' || (1 + g % ${users}) || '@bench.example.com'`)},
           ${planted('g', `'Telemetry alert ' || g`, `'Your portal update ' || g`)},
           'Hello, something happened on the portal (message ' || g || ').',
           '<p>Hello, something happened on the portal (message ' || g || ').</p>',
           case when g % 10 = 0 then 'announcement.critical'
             else (array['auth.confirm_email', 'auth.reset_password', 'collaborators.invitation', 'sandbox_ready'])[1 + g % 4] end,
           'outbox', case when g % 70 = 0 then 'failed' else 'sent' end,
           case when g % 70 = 0 then 'connection refused' end,
           ${age}
    from generate_series(${lo}::int, ${hi}::int) g`;
}

type Owner = { id: string; procoreId: number };

/** Apps 1…A belong to the bench developer, the rest to other users, so the member index must pick. */
function appsChunk(lo: number, hi: number, sizes: SeedSizes, owner: Owner) {
  return sql`
    insert into developer_apps (id, internal_name, name, uid, production_access, owner_id,
      external_procore_owner_id, published_at, terms_accepted_at, terms_version, created_at, updated_at)
    select md5('app-' || g)::uuid,
           ${planted('g', `'Telemetry bridge ' || g`, `'Bench app ' || g`)},
           case when g % 3 = 0 then null else 'Bench App ' || g end,
           case when g % 3 = 2 then 'uid-' || md5('app-' || g) end,
           (array['none', 'production_pending', 'production_approved'])[1 + g % 3],
           ${ownerOf(sizes, owner.id)},
           case when g <= ${sizes.apps} then ${owner.procoreId} else 2000000 + g end,
           case when g % 3 = 2 and g % 7 = 0 then ${age} end,
           ${age}, 'bench', ${age}, ${age}
    from generate_series(${lo}::int, ${hi}::int) g`;
}

function membersChunk(lo: number, hi: number, sizes: SeedSizes, ownerId: string) {
  return sql`
    insert into developer_app_members (developer_app_id, user_id, role, created_at, updated_at)
    select md5('app-' || g)::uuid, ${ownerOf(sizes, ownerId)}, 'owner', ${age}, ${age}
    from generate_series(${lo}::int, ${hi}::int) g`;
}

const ownerOf = (sizes: SeedSizes, ownerId: string) =>
  sql`case when g <= ${sizes.apps} then ${ownerId} else 'bench-user-' || (1 + g % ${sizes.users}) end`;

/**
 * A sandbox client for every app whose sandbox is live, and a production client for the apps with
 * a uid (g % 3 = 2), keyed by that uid as the credentials feature keys it. Secrets stay empty: no
 * bench request reveals one.
 */
function oauthChunk(lo: number, hi: number, sizes: SeedSizes, ownerId: string) {
  return sql`
    insert into oauth_applications (id, developer_app_id, environment, client_id, owner_id, created_at, updated_at)
    select md5('oauth-' || c.environment || '-' || g)::uuid, md5('app-' || g)::uuid, c.environment,
           case when c.environment = 'production' then 'uid-' || md5('app-' || g)
                else ${planted('g', `'telemetry-sbx-' || g`, `'sbx-' || md5('sandbox-' || g)`)} end,
           ${ownerOf(sizes, ownerId)}, ${age}, ${age}
    from generate_series(${lo}::int, ${hi}::int) g
    cross join lateral (
      select 'sandbox' as environment where g % 20 > 1
      union all select 'production' where g % 3 = 2
    ) c`;
}

function sandboxesChunk(lo: number, hi: number) {
  return sql`
    insert into sandboxes (developer_app_id, status, company_id, url, oauth_application_id, created_at, updated_at)
    select md5('app-' || g)::uuid,
           case g % 20 when 0 then 'pending' when 1 then 'failed' else 'live' end,
           case when g % 20 > 1 then 5000000 + g end,
           case when g % 20 > 1 then 'https://sandbox.procore.com/' || (5000000 + g) end,
           case when g % 20 > 1 then md5('oauth-sandbox-' || g)::uuid end,
           ${age}, ${age}
    from generate_series(${lo}::int, ${hi}::int) g`;
}

/**
 * One app in `listingEvery` has a listing: of those, a third in review (the review queue), a third
 * published (the public marketplace) and a third drafts.
 */
function listingsChunk(lo: number, hi: number, sizes: SeedSizes, ownerId: string) {
  const every = sizes.listingEvery;
  return sql`
    insert into marketplace_submissions (developer_app_id, state, approval_state, public_name, tagline,
      slug, submitted_at, reviewed_at, published_at, created_by_id, created_at, updated_at)
    select md5('app-' || g)::uuid, s.state,
           case when s.state = 'published' then 'approved' else 'unreviewed' end,
           ${planted('g', `'Telemetry listing ' || g`, `'Bench listing ' || g`)}, 'A bench listing',
           case when s.state = 'published' then 'bench-listing-' || g end,
           case when s.state <> 'draft' then ${age} end,
           case when s.state = 'published' then ${age} end,
           case when s.state = 'published' then ${age} end,
           ${ownerOf(sizes, ownerId)}, ${age}, ${age}
    from generate_series(${lo}::int, ${hi}::int) g
    cross join lateral (
      select (array['in_review', 'published', 'draft'])[1 + (g / ${every}) % 3] as state
    ) s
    where g % ${every} = ${Math.floor(every / 2)}`;
}
