// Signs in over HTTP exactly as the web app does: CSRF token from /api/v1/config, then
// POST /api/v1/auth/sign_in. The cookies it returns are what a signed-in browser holds.

export type Cookie = { name: string; value: string };

/** The cookies of a fresh session, checked against /api/v1/me. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<Cookie[]> {
  const jar = new Map<string, string>();
  const cookie = () => cookieHeader([...jar].map(([name, value]) => ({ name, value })));
  const remember = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (!value || /max-age=0/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
  };

  const config = await fetch(`${baseUrl}/api/v1/config`);
  remember(config);
  const { csrf_token: csrfToken } = (await config.json()) as { csrf_token: string };
  const res = await fetch(`${baseUrl}/api/v1/auth/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken, cookie: cookie() },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in as ${email} failed: ${res.status} ${await res.text()}`);
  remember(res);

  const me = await fetch(`${baseUrl}/api/v1/me`, { headers: { cookie: cookie() } });
  if (!me.ok) throw new Error(`signed in as ${email}, but /api/v1/me answered ${me.status}`);
  return [...jar].map(([name, value]) => ({ name, value }));
}

/** The `Cookie` request header for these cookies. */
export const cookieHeader = (cookies: Cookie[]) =>
  cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
