import type Provider from 'oidc-provider';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { createProvider } from './oauth.provider.ts';
import { type OauthServer, oauthServers } from './oauth.servers.ts';

export type OauthInstance = { server: OauthServer; provider: Provider };

const instances = new WeakMap<AppContext, OauthInstance[]>();

/** The two authorization servers of a portal (built once per context). */
export function oauthInstances(ctx: AppContext): OauthInstance[] {
  let list = instances.get(ctx);
  if (!list) {
    list = oauthServers(ctx.config).map((server) => ({ server, provider: createProvider(ctx, server) }));
    instances.set(ctx, list);
  }
  return list;
}

export function oauthInstance(ctx: AppContext, environment: string): OauthInstance {
  const found = oauthInstances(ctx).find((i) => i.server.environment === environment);
  if (!found) throw new AppError('not_found', 'Unknown environment');
  return found;
}
