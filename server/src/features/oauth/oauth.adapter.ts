import { type Adapter, type AdapterPayload, errors } from 'oidc-provider';
import type { AppContext } from '../../platform/context.ts';
import {
  consumeOauthToken,
  deleteOauthGrant,
  destroyOauthToken,
  findOauthToken,
  findOauthTokenByUid,
  upsertOauthToken,
} from '../credentials/index.ts';
import { clientMetadata } from './oauth.clients.ts';
import type { OauthServer } from './oauth.servers.ts';

/**
 * oidc-provider's storage on the portal's own database (credentials' oauth_tokens): each row keyed by
 * a hash of the model's id, the id (for opaque tokens: the token) left out of the payload and put back
 * on read. Expiry follows the portal's clock (ctx.clock), so tests move time by hand. Clients are not
 * stored here: they are the portal's OAuth applications of this server's environment.
 */
export function adapterFor(ctx: AppContext, server: OauthServer) {
  return class PortalAdapter implements Adapter {
    readonly kind: string;
    constructor(name: string) {
      this.kind = name;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number) {
      if (this.kind === 'Client') throw new Error('Clients are managed by the portal');
      const { jti: _id, ...rest } = payload;
      await upsertOauthToken(ctx, this.kind, id, {
        payload: rest as Record<string, unknown>,
        clientId: payload.clientId ?? null,
        // A grant's own row carries its id too, so revoking the grant removes it with its tokens.
        grantId: this.kind === 'Grant' ? id : (payload.grantId ?? null),
        uid: this.kind === 'Session' ? (payload.uid ?? null) : null,
        expiresAt: new Date(ctx.clock.now().getTime() + (expiresIn ?? 3600) * 1000),
      });
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (this.kind === 'Client') return clientMetadata(ctx, server, id);
      const row = await findOauthToken(ctx, this.kind, id);
      if (!row) return undefined;
      const consumed = row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {};
      return { ...(row.payload as AdapterPayload), jti: id, ...consumed };
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      const row = await findOauthTokenByUid(ctx, this.kind, uid);
      return row ? (row.payload as AdapterPayload) : undefined;
    }

    async findByUserCode(): Promise<undefined> {
      return undefined; // no device flow
    }

    /**
     * One conditional update: of callers racing with one code or refresh token exactly one consumes
     * it. A loser is a replay like any other, so the grant is revoked (RFC 9700 §4.14.2).
     */
    async consume(id: string) {
      const outcome = await consumeOauthToken(ctx, this.kind, id);
      if (outcome.consumed) return;
      if (outcome.grantId) await deleteOauthGrant(ctx, outcome.grantId);
      throw new errors.InvalidGrant(
        `${this.kind === 'RefreshToken' ? 'refresh token' : 'authorization code'} already used`,
      );
    }

    async destroy(id: string) {
      await destroyOauthToken(ctx, this.kind, id);
    }

    async revokeByGrantId(grantId: string) {
      await deleteOauthGrant(ctx, grantId);
    }
  };
}
