import type { OauthConsent, OauthConsentDecision, OauthConsentOutcome } from '@portal/contracts';
import type { SessionUser } from '../../platform/auth/session-user.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { findClientOfEnvironment } from '../credentials/index.ts';
import { currentPermissions } from '../manifests/index.ts';
import { oauthInstance } from './oauth.instances.ts';
import { OOB_REDIRECT_URI } from './oauth.servers.ts';

async function loadInteraction(ctx: AppContext, environment: string, uid: string) {
  const { server, provider } = oauthInstance(ctx, environment);
  const interaction = uid.length <= 100 ? await provider.Interaction.find(uid) : undefined;
  if (!interaction || interaction.result) throw notFound('Authorization request');
  const clientId = String(interaction.params.client_id ?? '');
  const client = await findClientOfEnvironment(ctx, server.environment, clientId);
  if (!client) throw notFound('Authorization request');
  return { server, provider, interaction, client };
}

/** What the consent page shows: the app, its environment and the permissions of its current manifest. */
export async function getConsent(ctx: AppContext, environment: string, uid: string): Promise<OauthConsent> {
  const { server, client, interaction } = await loadInteraction(ctx, environment, uid);
  const redirectUri = String(interaction.params.redirect_uri ?? '');
  return {
    uid,
    environment: server.environment,
    app_name: client.appName,
    client_id: client.clientId,
    redirect_uri: redirectUri === server.codePageUrl ? OOB_REDIRECT_URI : redirectUri,
    permissions: await currentPermissions(ctx, client.developerAppId, server.environment),
  };
}

/**
 * The user's answer: allow makes a grant for the signed-in user, deny the RFC's access_denied; either
 * way the browser goes back to the provider to finish (its resume cookie binds it to the browser
 * that started the request).
 */
export async function decideConsent(
  ctx: AppContext,
  user: SessionUser,
  environment: string,
  uid: string,
  body: OauthConsentDecision,
): Promise<OauthConsentOutcome> {
  const { provider, interaction, client } = await loadInteraction(ctx, environment, uid);
  if (body.decision === 'deny') {
    interaction.result = {
      error: 'access_denied',
      error_description: 'The user denied the authorization request',
    };
  } else {
    const grant = new provider.Grant({ accountId: user.id, clientId: client.clientId });
    const scope = interaction.params.scope;
    if (typeof scope === 'string' && scope) grant.addOIDCScope(scope);
    const grantId = await grant.save();
    interaction.result = { login: { accountId: user.id }, consent: { grantId } };
  }
  const remaining = (interaction.exp ?? 0) - Math.floor(Date.now() / 1000);
  if (remaining <= 0) throw new AppError('not_found', 'Authorization request not found');
  await interaction.save(remaining);
  return { redirect_to: interaction.returnTo };
}
