import type { PlatformCompany, PlatformMe } from '@portal/contracts';
import type { AppContext } from '../../platform/context.ts';
import { findUserById } from '../auth/index.ts';
import { installedCompanies } from '../metrics/index.ts';
import type { BearerToken } from './oauth.bearer.ts';

/** `GET /rest/v1.0/me`: the user who authorized the app, or the app's service account. */
export async function me(ctx: AppContext, token: BearerToken): Promise<PlatformMe> {
  if (token.kind === 'client' || !token.accountId)
    return {
      id: token.client.clientId,
      login: `${token.client.clientId}@service-account`,
      name: `${token.client.appName} (service account)`,
      type: 'service_account',
    };
  const user = await findUserById(ctx, token.accountId);
  if (!user) return { id: token.accountId, login: '', name: '', type: 'user' };
  return { id: user.id, login: user.email, name: user.name, type: 'user' };
}

/**
 * `GET /rest/v1.0/companies`: for client credentials, the companies that installed the app; for a
 * user's token, those of them where this user installed it.
 */
export async function companies(ctx: AppContext, token: BearerToken): Promise<PlatformCompany[]> {
  let email: string | undefined;
  if (token.kind === 'user') {
    const user = token.accountId ? await findUserById(ctx, token.accountId) : null;
    if (!user) return [];
    email = user.email;
  }
  const rows = await installedCompanies(ctx, token.client.developerAppId, email);
  return rows.map((row) => ({ id: row.id, name: row.name, is_active: true }));
}
