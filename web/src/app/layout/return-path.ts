/** Pages about signing in; their own `next` is the way back, never the page itself. */
const AUTH_PAGES = new Set([
  '/login',
  '/sign_up',
  '/forgot_password',
  '/reset_password',
  '/confirm',
  '/sign_in_link',
]);

/** A same-site path (`/x`, not `//host` or `/\host`), as the sign-in and sign-up pages accept. */
export const isSafeNext = (next: string | null | undefined): next is string =>
  !!next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\');

/**
 * Where the header's Sign in / Sign up links should bring a person back to: the page they are on,
 * or on a sign-in page the `next` it already carries. None from the home page.
 */
export function returnPath(location: { pathname: string; search: string }): string | null {
  if (AUTH_PAGES.has(location.pathname)) {
    const next = new URLSearchParams(location.search).get('next');
    return isSafeNext(next) ? next : null;
  }
  if (location.pathname === '/') return null;
  return location.pathname + location.search;
}

/** `/login` or `/sign_up` with the way back, when there is one. */
export const withReturn = (path: string, back: string | null) =>
  back ? `${path}?next=${encodeURIComponent(back)}` : path;
