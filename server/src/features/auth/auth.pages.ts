import type { App } from '../../platform/http/route.ts';

/**
 * Other spellings people type or remember for the account pages (`/sign-up`, `/sign_in`, …): each
 * answers with a permanent redirect to the web app's page, query string kept, instead of its 404.
 * The dev server proxies the same paths here (web/vite.config.ts).
 */
export const ACCOUNT_PAGE_ALIASES: Readonly<Record<string, string>> = {
  '/sign-up': '/sign_up',
  '/signup': '/sign_up',
  '/register': '/sign_up',
  '/sign_in': '/login',
  '/sign-in': '/login',
  '/signin': '/login',
  '/log-in': '/login',
  '/log_in': '/login',
  '/forgot-password': '/forgot_password',
  '/reset-password': '/reset_password',
};

export async function accountPageAliasRoutes(app: App) {
  for (const [alias, page] of Object.entries(ACCOUNT_PAGE_ALIASES)) {
    app.get(alias, { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
      const queryAt = request.url.indexOf('?');
      return reply.redirect(queryAt === -1 ? page : page + request.url.slice(queryAt), 301);
    });
  }
}
