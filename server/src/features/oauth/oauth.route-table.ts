import { eq } from 'drizzle-orm';
import { oauthApplications } from '../../db/schema/index.ts';
import type { RouteFixtures } from '../../test/route-fixtures.ts';
import { type RouteRows, signedIn, V } from '../../test/route-spec.ts';
import { REDIRECT } from './testing.ts';

/** A fresh authorization request of the main app's sandbox client, waiting on the consent page. */
async function freshInteraction(fx: RouteFixtures) {
  const [client] = await fx.t.ctx.db
    .update(oauthApplications)
    .set({ redirectUri: REDIRECT })
    .where(eq(oauthApplications.id, fx.app.sandboxOauthId))
    .returning();
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: client!.clientId,
    redirect_uri: REDIRECT,
  });
  const res = await fx.t.client().get(`/oauth/authorize?${query}`);
  const location = String(res.headers.location ?? '');
  const match = /^\/oauth-consent\/(sandbox|production)\/([\w-]+)$/.exec(location);
  if (!match) throw new Error(`no consent page: ${res.statusCode} ${location} ${res.body}`);
  return `${V}/oauth/interactions/${match[1]}/${match[2]}`;
}

/**
 * The consent page's rows in the route table (test/route-table.ts). Any signed-in person may answer
 * an authorization request of any app (users authorize apps they are not members of). The
 * authorization servers and the platform API outside /api are oauth.access.test.ts's.
 */
export const oauthRouteTable: RouteRows = {
  'GET /api/v1/oauth/interactions/:environment/:uid': {
    expect: signedIn(200),
    call: async (fx) => ({ url: await freshInteraction(fx) }),
  },
  'POST /api/v1/oauth/interactions/:environment/:uid': {
    expect: signedIn(200),
    call: async (fx) => ({ url: await freshInteraction(fx), payload: { decision: 'allow' } }),
  },
};
