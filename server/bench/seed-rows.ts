// The rows the bench seeds, one INSERT … SELECT over generate_series per chunk of a table: users,
// announcements and their read state, e-mails, apps with their members, OAuth clients, sandboxes and
// listings. Columns are always named, so a migration that adds a column with a default does not
// break the bench.
import { sql } from 'drizzle-orm';
import type { SeedSizes } from './seed-sizes.ts';

// Row g is created g × 30 s ago, so g = 1 is the newest (first page) and g = N the oldest (last).
const age = sql.raw(`now() - make_interval(secs => g * 30)`);
/**
 * 0.1 % of rows carry SEARCH_TERM: those with g % 1000 = 3, which are published announcements
 * (drafts are g % 10 = 0 and scheduled ones g % 10 = 1, so a developer's search finds them too).
 */
const planted = (g: string, hit: string, miss: string) =>
  sql.raw(`case when ${g} % 1000 = 3 then ${hit} else ${miss} end`);

export function usersChunk(lo: number, hi: number) {
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
export function announcementsChunk(lo: number, hi: number, authorId: string) {
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
export function watermarkSql(userId: string) {
  return sql`
    insert into announcement_watermarks (user_id, read_through, read_through_seq)
    values (${userId}, now() - interval '1 hour', 0)`;
}

export function readsChunk(lo: number, hi: number, userId: string) {
  return sql`
    insert into announcement_reads (announcement_id, user_id, read_at, visible_from, visible_seq)
    select id, ${userId}, now(), visible_from, visible_seq
    from announcements
    where id in (select md5('announcement-' || g)::uuid from generate_series(${lo}::int, ${hi}::int) g
                 where g <= 120 and g % 10 = 3)
      and visible_from is not null`;
}

export function unreadsChunk(lo: number, hi: number, userId: string) {
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
export function outboxChunk(lo: number, hi: number, announcements: number, users: number) {
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
export function appsChunk(lo: number, hi: number, sizes: SeedSizes, owner: Owner) {
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

export function membersChunk(lo: number, hi: number, sizes: SeedSizes, ownerId: string) {
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
export function oauthChunk(lo: number, hi: number, sizes: SeedSizes, ownerId: string) {
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

export function sandboxesChunk(lo: number, hi: number) {
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
export function listingsChunk(lo: number, hi: number, sizes: SeedSizes, ownerId: string) {
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

/**
 * Changelog entries of the `rest` group's default branch (issue 27): the six types in turn, every
 * 7th breaking, every 10th internal, about a hundred a day going back; SEARCH_TERM in 0.1 %.
 */
export function changelogChunk(lo: number, hi: number) {
  return sql`
    insert into changelog_entries (id, group_name, branch, summary, description, endpoint, type, breaking,
                                   datestamp, versions, link, visibility, status, created_at, updated_at,
                                   published_at)
    select md5('changelog-' || g)::uuid, 'rest', 'main',
           ${planted('g', `'Telemetry endpoint change ' || g`, `'Endpoint change ' || g`)},
           'The **projects** resource changed in release ' || g || '.',
           'GET /rest/v1.0/projects/' || (g % 500), (array['new','feature','refinement','fix','deprecated','sunset'])[1 + g % 6],
           g % 7 = 0, current_date - (g / 100), array['v1.0'], 'endpoints/list-projects',
           case when g % 10 = 9 then 'internal' else 'public' end, 'published', ${age}, ${age}, ${age}
    from generate_series(${lo}::int, ${hi}::int) g`;
}
