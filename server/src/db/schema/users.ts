import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';

/** Portal accounts. Property names are the ones better-auth's Drizzle adapter expects. */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey().default(sql`gen_random_uuid()::text`),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    role: text('role', { enum: ['developer', 'admin'] })
      .notNull()
      .default('developer'),
    employee: boolean('employee').notNull().default(false),
    /** The platform's numeric user id. */
    procoreId: bigint('procore_id', { mode: 'number' })
      .notNull()
      .unique()
      .generatedByDefaultAsIdentity({ startWith: 1000001 }),
    companyName: text('company_name'),
    criticalEmails: boolean('critical_emails').notNull().default(true),
    /** Opted in to the form-based app page (the Configuration Builder beta); follows the user. */
    developerAppsBeta: boolean('developer_apps_beta').notNull().default(false),
    /** Set by staff to disable the account: sign-in and existing sessions are refused. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** When the last confirmation e-mail was queued: at most one per address per few minutes. */
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('users_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
    index('users_email_trgm').using('gin', sql`${t.email} gin_trgm_ops`),
    index('users_company_trgm').using('gin', sql`${t.companyName} gin_trgm_ops`),
    // Admin developers list: each sort key with the id that makes it unique.
    index('users_name_id_idx').on(t.name, t.id),
    index('users_company_id_idx').on(sql`coalesce(${t.companyName}, '')`, t.id),
    index('users_email_id_idx').on(t.email, t.id),
    index('users_procore_id_id_idx').on(t.procoreId, t.id),
  ],
);

/** The user a row belongs to (`user_id`): the row goes with the user. */
export const userRef = () =>
  text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey().default(sql`gen_random_uuid()::text`),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: userRef(),
    ...timestamps,
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey().default(sql`gen_random_uuid()::text`),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: userRef(),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

/** Single-use tokens for e-mail confirmation and password reset (managed by better-auth). */
export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey().default(sql`gen_random_uuid()::text`),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);
