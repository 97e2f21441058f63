import {
  OauthConsent,
  OauthConsentDecision,
  OauthConsentOutcome,
  PlatformCompany,
  PlatformMe,
} from '@portal/contracts';
import { z } from 'zod';
import { type App, currentUser } from '../../platform/http/route.ts';
import { quotaHook } from '../quota/index.ts';
import { runtimeSignals } from '../reference/index.ts';
import { recordApiUsage } from '../usage/index.ts';
import { refuseBearer, verifyBearer } from './oauth.bearer.ts';
import { type OauthInstance, oauthInstances } from './oauth.instances.ts';
import { mountMetadata, mountProvider } from './oauth.mount.ts';
import { companies, me } from './oauth.platform-api.ts';
import { decideConsent, getConsent } from './oauth.service.ts';

const ConsentParams = z.object({ environment: z.enum(['sandbox', 'production']), uid: z.string().max(100) });

/** The consent page's API (under /api/v1): the signed-in user reads the request and answers it. */
export async function oauthRoutes(app: App) {
  app.get(
    '/oauth/interactions/:environment/:uid',
    { config: { access: 'user' }, schema: { params: ConsentParams, response: { 200: OauthConsent } } },
    async (request) => getConsent(app.ctx, request.params.environment, request.params.uid),
  );
  app.post(
    '/oauth/interactions/:environment/:uid',
    {
      config: { access: 'user' },
      schema: { params: ConsentParams, body: OauthConsentDecision, response: { 200: OauthConsentOutcome } },
    },
    async (request) =>
      decideConsent(
        app.ctx,
        currentUser(request),
        request.params.environment,
        request.params.uid,
        request.body,
      ),
  );
}

/**
 * The authorization servers and the platform API, outside /api: `/oauth/*` and `/rest/*` for the
 * sandbox, the same under OAUTH_PRODUCTION_PREFIX for production.
 */
export async function oauthServerRoutes(app: App) {
  for (const instance of oauthInstances(app.ctx)) {
    mountMetadata(app, instance.server, instance.provider);
    await app.register(async (scope) => authorizationServer(scope as App, instance), {
      prefix: instance.server.prefix,
    });
    await app.register(async (scope) => platformApi(scope as App, instance), {
      prefix: `${instance.server.prefix}/rest`,
    });
  }
}

async function authorizationServer(app: App, instance: OauthInstance) {
  mountProvider(app, instance.server, instance.provider);
  // Doorkeeper's token info, as the platform answers it.
  app.get('/oauth/token/info', { config: { access: 'bearer' } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const token = await verifyBearer(app.ctx, instance, request);
    if (!token) return refuseBearer(reply);
    return {
      resource_owner_id: token.accountId,
      scope: token.scope ? token.scope.split(' ') : [],
      expires_in_seconds: token.expiresIn,
      application: { uid: token.client.clientId },
      created_at: token.issuedAt,
    };
  });
}

async function platformApi(app: App, instance: OauthInstance) {
  const { ctx } = app;
  // An operation the changelog deprecates or sunsets says so on every answer (RFC 9745, RFC 8594).
  app.addHook('onRequest', async (request, reply) => {
    const route = request.routeOptions.url;
    if (!route) return;
    const endpoint = `${request.method} ${route.slice(instance.server.prefix.length)}`;
    const signals = await runtimeSignals(ctx, 'rest', endpoint).catch(() => undefined);
    if (signals?.deprecation) reply.header('Deprecation', signals.deprecation);
    if (signals?.sunset) reply.header('Sunset', signals.sunset);
    if (signals?.link) reply.header('Link', signals.link);
  });
  // Who calls: the bearer token first, then its app's rate-limit buckets (headers on every answer).
  app.addHook('onRequest', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const token = await verifyBearer(ctx, instance, request);
    if (!token) return refuseBearer(reply);
    request.bearer = token;
  });
  await app.register(quotaHook, {
    ctx,
    resolve: (request) =>
      request.bearer
        ? { server: instance.server.quotaServer, clientId: request.bearer.client.clientId }
        : null,
  });
  // Every answered call of a known app, by route pattern (the prefix keeps the servers apart),
  // method and status — 429s and errors included (features/usage counts in memory, flushes in batches).
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    if (!request.bearer || !route) return;
    recordApiUsage(ctx, {
      appId: request.bearer.client.developerAppId,
      route,
      method: request.method,
      status: reply.statusCode,
    });
  });

  app.get(
    '/v1.0/me',
    { config: { access: 'bearer' }, schema: { response: { 200: PlatformMe } } },
    async (request) => me(ctx, request.bearer!),
  );
  app.get(
    '/v1.0/companies',
    { config: { access: 'bearer' }, schema: { response: { 200: z.array(PlatformCompany) } } },
    async (request) => companies(ctx, request.bearer!),
  );
}
