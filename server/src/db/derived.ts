/**
 * Every derived column: a value stored for speed that the database could compute from other rows.
 * Each entry names the column, the tables it is computed from, what keeps it (triggers and their
 * functions, PostgreSQL itself, or an explicit write in named repo code) and a recompute query.
 * `derived.test.ts` runs a scenario through the services that writes every source table and checks
 * each column against its recompute; with any one trigger dropped, the check must fail. A repo
 * function that writes a source table says in one line what it moves. Which keepers stay triggers,
 * and why: docs/decisions.md, "Derived columns".
 *
 * Not here: values fixed when written that nothing can recompute (announcements.show_after_at, the
 * show-after day in the time zone of that save; visible_from / visible_seq, the publication order;
 * marketplace_submissions.app_version, a label the editor may override), and app_versions'
 * schema_version and auth_code_capable, read from the version's content, which never changes.
 */

import { MARKETPLACE_REGIONS } from '@portal/contracts/marketplace-catalog';

export type Keeper =
  /** Row or statement triggers of one migration; `functions` are the SQL functions they run. */
  | { kind: 'trigger'; migration: string; triggers: string[]; functions: string[] }
  /** Explicit writes, each `file: function` (from server/src), in the transaction of the source write. */
  | { kind: 'explicit'; writers: string[] }
  /** A generated column: PostgreSQL computes it on every write of its row. */
  | { kind: 'generated' };

export type DerivedColumn = {
  table: string;
  column: string;
  /** What it holds, in words. */
  holds: string;
  sources: string[];
  keptBy: Keeper;
  /** `key, value` for every row: what the column should hold, computed from the sources alone. */
  recompute: string;
  /** `key, value` as stored; by default `id` and the column itself. */
  stored?: string;
};

/** Triggers of one migration; each runs the function of its own name unless `functions` says otherwise. */
const byTriggers = (migration: string, triggers: string[], functions = triggers): Keeper => ({
  kind: 'trigger',
  migration,
  triggers,
  functions,
});

/** Explicit writes, each `file: function` (from server/src). */
const byWriters = (...writers: string[]): Keeper => ({ kind: 'explicit', writers });

const inReview = (table: string) =>
  `exists (select 1 from ${table} r where r.developer_app_id = a.id and r.state = 'in_review')`;

/** Per app: `aggregate` over its rows `r` of `table` that match `where`. */
const perApp = (aggregate: string, table: string, where: string) =>
  `select a.id as key, (select ${aggregate} from ${table} r where r.developer_app_id = a.id and ${where}) as value
  from developer_apps a`;

/** developer_apps.listing_in_review_at / version_in_review_at. */
const inReviewSince = (column: string, source: string, keptBy: Keeper): DerivedColumn => ({
  table: 'developer_apps',
  column,
  holds: `the newest submitted_at of the app's ${source} in review; null when none (the review queue)`,
  sources: [source],
  keptBy,
  recompute: perApp('max(r.submitted_at)', source, "r.state = 'in_review'"),
});

const reachCount = (status: string) => `select a.id as key, (select count(*)::int from mail_outbox m
  where m.announcement_id = a.id and m.status = '${status}') as value from announcements a`;

const REACH: Keeper = {
  kind: 'trigger',
  migration: '0020_announcement_mail_id (first 0006_lists)',
  triggers: ['mail_outbox_announcement_reach'],
  functions: ['announcement_mail_reach'],
};

const READ_WRITER = 'features/announcements/announcements.unread.ts: markRead';

/** Owner changes: the memberships, the app and its OAuth clients in one transaction. */
const OWNER_CHANGES = [
  'features/collaborators/collaborators.repo.ts: transferOwnership',
  'features/collaborators/collaborators.repo.ts: assignOwner',
];

/** A value of each OAuth client's app. */
const ofClientsApp = (value: string) => `select o.id as key, ${value} as value
  from oauth_applications o join developer_apps a on a.id = o.developer_app_id`;

/** The regions catalogue as JSON, for the region filter's recompute. */
const REGIONS = JSON.stringify(
  MARKETPLACE_REGIONS.map(({ id, countries }) => ({ id, countries })),
).replaceAll("'", "''");

export const DERIVED_COLUMNS: DerivedColumn[] = [
  {
    table: 'announcements',
    column: 'emails_sent',
    holds: "its critical e-mails the outbox recorded as sent (the admin list's reach)",
    sources: ['mail_outbox'],
    keptBy: REACH,
    recompute: reachCount('sent'),
  },
  {
    table: 'announcements',
    column: 'emails_failed',
    holds: 'its critical e-mails the outbox recorded as failed',
    sources: ['mail_outbox'],
    keptBy: REACH,
    recompute: reachCount('failed'),
  },
  {
    table: 'announcements',
    column: 'read_count',
    holds: 'developers who opened it',
    sources: ['announcement_reads'],
    keptBy: byWriters(READ_WRITER),
    recompute: `select a.id as key, (select count(*)::int from announcement_reads r
      where r.announcement_id = a.id) as value from announcements a`,
  },
  ...(['visible_from', 'visible_seq'] as const).map(
    (column): DerivedColumn => ({
      table: 'announcement_reads',
      column,
      holds: `the announcement's ${column} (fixed once anyone can read it), to count reads per range`,
      sources: ['announcements'],
      keptBy: byWriters(READ_WRITER),
      recompute: `select r.announcement_id || ':' || r.user_id as key, a.${column} as value
        from announcement_reads r join announcements a on a.id = r.announcement_id`,
      stored: `select announcement_id || ':' || user_id as key, ${column} as value from announcement_reads`,
    }),
  ),
  {
    table: 'developer_app_members',
    column: 'app_search',
    holds: "the app's internal and public name, newline between (My Apps search)",
    sources: ['developer_apps'],
    keptBy: byTriggers('0006_lists', ['developer_app_members_app_search', 'developer_apps_member_search']),
    recompute: `select m.id as key, a.internal_name || E'\\n' || coalesce(a.name, '') as value
      from developer_app_members m join developer_apps a on a.id = m.developer_app_id`,
  },
  {
    table: 'user_app_counts',
    column: 'live_apps',
    holds: "how many live (not deleted) apps each user is on (My Apps' Total); no row means 0",
    sources: ['developer_app_members', 'developer_apps', 'users'],
    keptBy: {
      kind: 'trigger',
      migration: '0012_user_app_counts',
      triggers: [
        'developer_app_members_count_in',
        'developer_app_members_count_out',
        'developer_app_members_count_move',
        'developer_apps_count_deleted',
        'developer_apps_members_first',
      ],
      functions: [
        'user_app_counts_add',
        'developer_app_members_count_in',
        'developer_app_members_count_out',
        'developer_app_members_count_move',
        'developer_apps_count_deleted',
        'developer_apps_members_first',
      ],
    },
    recompute: `select u.id as key, (select count(*)::int from developer_app_members m
      join developer_apps a on a.id = m.developer_app_id and a.deleted_at is null
      where m.user_id = u.id) as value from users u`,
    stored: `select u.id as key, coalesce(c.live_apps, 0) as value
      from users u left join user_app_counts c on c.user_id = u.id`,
  },
  inReviewSince('listing_in_review_at', 'marketplace_submissions', {
    kind: 'trigger',
    migration: '0016_review_queue',
    triggers: [
      'marketplace_submissions_review_in',
      'marketplace_submissions_review_out',
      'marketplace_submissions_review_move',
    ],
    functions: ['marketplace_submissions_review_sync', 'developer_apps_sync_listing_review'],
  }),
  inReviewSince('version_in_review_at', 'app_versions', {
    kind: 'trigger',
    migration: '0016_review_queue',
    triggers: ['app_versions_review_in', 'app_versions_review_out', 'app_versions_review_move'],
    functions: ['app_versions_review_sync', 'developer_apps_sync_version_review'],
  }),
  {
    table: 'developer_apps',
    column: 'in_review_at',
    holds:
      'the latest of listing_in_review_at, version_in_review_at and the production and marketplace access requests',
    sources: ['developer_apps'],
    keptBy: { kind: 'generated' },
    recompute: `select id as key, greatest(listing_in_review_at, version_in_review_at,
      production_access_requested_at, marketplace_access_requested_at) as value from developer_apps`,
  },
  {
    table: 'developer_apps',
    column: 'review_owner_email',
    holds: "the owner's e-mail while the app is in review, else null (the queue's owner order)",
    sources: ['users', 'marketplace_submissions', 'app_versions'],
    keptBy: {
      kind: 'trigger',
      migration: '0026_review_requests (first 0016_review_queue)',
      triggers: [
        'developer_apps_review_owner_email_in',
        'developer_apps_review_owner_email_move',
        'users_review_owner_email',
      ],
      functions: ['developer_apps_review_owner_email', 'users_review_owner_email'],
    },
    recompute: `select a.id as key, case when ${inReview('marketplace_submissions')} or ${inReview('app_versions')}
      or a.production_access_requested_at is not null or a.marketplace_access_requested_at is not null
      then (select u.email from users u where u.id = a.owner_id) end as value from developer_apps a`,
  },
  {
    table: 'developer_apps',
    column: 'published_at',
    holds: 'when its first marketplace listing was approved: the app is published (spec developer-apps §2)',
    sources: ['marketplace_submissions'],
    keptBy: byWriters('features/listings/listings.review.ts: reviewListing'),
    recompute: perApp('min(r.published_at)', 'marketplace_submissions', "r.state = 'published'"),
  },
  {
    table: 'developer_apps',
    column: 'owner_id',
    holds: "the user of the app's one `owner` membership",
    sources: ['developer_app_members'],
    keptBy: byWriters('features/apps/apps.repo.ts: insertAppWithOwner', ...OWNER_CHANGES),
    recompute: perApp("string_agg(r.user_id, ',')", 'developer_app_members', "r.role = 'owner'"),
  },
  {
    table: 'developer_apps',
    column: 'uid',
    holds: "its production OAuth client's id, once issued",
    sources: ['oauth_applications'],
    keptBy: byWriters('features/credentials/credentials.production.ts: approveProductionAccess'),
    recompute: perApp("string_agg(r.client_id, ',')", 'oauth_applications', "r.environment = 'production'"),
  },
  {
    table: 'oauth_applications',
    column: 'app_internal_name',
    holds: "its app's internal name (the admin OAuth list sorts, filters and searches one table)",
    sources: ['developer_apps'],
    keptBy: byTriggers('0019_oauth_app_name', ['oauth_applications_app_name', 'developer_apps_oauth_name']),
    recompute: ofClientsApp('a.internal_name'),
  },
  {
    table: 'oauth_applications',
    column: 'owner_id',
    holds: "its app's owner",
    sources: ['developer_apps'],
    keptBy: byWriters(
      'features/credentials/credentials.service.ts: ensureSandboxOauthApplication',
      'features/credentials/credentials.production.ts: approveProductionAccess',
      ...OWNER_CHANGES,
    ),
    recompute: ofClientsApp('a.owner_id'),
  },
  {
    table: 'marketplace_submissions',
    column: 'region_ids',
    holds: 'the regions a listing is available in: ticked, or with a ticked country (the region filter)',
    sources: ['marketplace_submissions (regions, countries)'],
    keptBy: byWriters('features/listings/listings.fields.ts: columnsFrom'),
    recompute: `select s.id as key, array(
        select r.value ->> 'id' from jsonb_array_elements('${REGIONS}'::jsonb) with ordinality r(value, n)
        where s.regions -> (r.value ->> 'id') = 'true'
          or exists (select 1 from jsonb_array_elements_text(r.value -> 'countries') c where s.countries -> c = 'true')
        order by r.n) as value
      from marketplace_submissions s`,
  },
];
