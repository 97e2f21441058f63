import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What the authorization server (features/oauth, oidc-provider) keeps between requests: codes,
 * access and refresh tokens, client-credentials tokens, grants, interactions and sessions. The key is
 * the SHA-256 of the model's id (for opaque tokens the id is the token itself) and the payload never
 * holds the id (`jti` is put back on read), so no row yields a working token (db/no-token-at-rest test).
 * Owned by features/credentials (credentials.tokens.repo.ts): the client's grants go with the client.
 */
export const oauthTokens = pgTable(
  'oauth_tokens',
  {
    /** sha256(kind + ':' + id), hex. */
    key: text('key').primaryKey(),
    /** The oidc-provider model: AuthorizationCode, AccessToken, RefreshToken, ClientCredentials, Grant, … */
    kind: text('kind').notNull(),
    /** The OAuth client's id (oauth_applications.client_id), for revoking every grant of a client. */
    clientId: text('client_id'),
    grantId: text('grant_id'),
    /** Sessions are found by uid (not a secret: the session cookie is the id). */
    uid: text('uid'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    /** Set once, by one conditional update: the single use of a code or refresh token. */
    consumedAt: timestamp('consumed_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    index('oauth_tokens_grant_idx').on(t.grantId),
    index('oauth_tokens_client_idx').on(t.clientId),
    index('oauth_tokens_uid_idx').on(t.uid),
    index('oauth_tokens_expires_idx').on(t.expiresAt),
  ],
);
