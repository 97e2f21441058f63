// A small HTTP/1.1 client over node:http with a keep-alive agent, a cookie jar and the CSRF header,
// so the faults suite sees exactly what a client would: status codes, resets, refusals.
import http from 'node:http';

export type HttpResponse = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };
export type RequestOptions = {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  /** A buffer, or a function that writes the body itself (slow or interrupted uploads). */
  body?: Buffer | string | ((req: http.ClientRequest) => Promise<void>);
  timeoutMs?: number;
};

export function request(agent: http.Agent, origin: string, options: RequestOptions): Promise<HttpResponse> {
  const url = new URL(options.path, origin);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: options.method ?? 'GET',
        headers: options.headers,
        agent,
        timeout: options.timeoutMs ?? 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () =>
      req.destroy(Object.assign(new Error('request timed out'), { code: 'ETIMEDOUT' })),
    );
    req.on('error', reject);
    const body = options.body;
    if (typeof body === 'function') body(req).catch((error: Error) => req.destroy(error));
    else req.end(body);
  });
}

export const json = <T>(res: HttpResponse): T => JSON.parse(res.body.toString('utf8')) as T;

/** A signed-in (or anonymous) browser-like session against one portal origin. */
export function createSession(origin: string, agent = new http.Agent({ keepAlive: true })) {
  const jar = new Map<string, string>();
  let csrf: string | undefined;
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const remember = (res: HttpResponse) => {
    for (const line of res.headers['set-cookie'] ?? []) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '' || /max-age=0/i.test(line)) jar.delete(name);
      else jar.set(name, value);
      if (name.endsWith('session_token')) csrf = undefined;
    }
  };

  async function send(options: RequestOptions): Promise<HttpResponse> {
    const method = (options.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = { ...options.headers };
    if (method !== 'GET' && method !== 'HEAD') {
      if (!csrf) {
        const res = await request(agent, origin, {
          path: '/api/v1/config',
          headers: { cookie: cookieHeader() },
        });
        remember(res);
        csrf = json<{ csrf_token: string }>(res).csrf_token;
      }
      headers['x-csrf-token'] = csrf;
    }
    if (jar.size) headers.cookie = cookieHeader();
    const res = await request(agent, origin, { ...options, headers });
    remember(res);
    return res;
  }

  const withJson = (method: string, path: string, payload: unknown) =>
    send({
      method,
      path,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });

  return {
    agent,
    send,
    get: (path: string) => send({ path }),
    post: (path: string, payload: unknown = {}) => withJson('POST', path, payload),
    patch: (path: string, payload: unknown) => withJson('PATCH', path, payload),
    async signIn(email: string, password: string) {
      const res = await withJson('POST', '/api/v1/auth/sign_in', { email, password });
      if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.body}`);
    },
    /** The cookies, to carry a session over to a restarted process. */
    cookies: () => new Map(jar),
    restore(cookies: Map<string, string>) {
      for (const [name, value] of cookies) jar.set(name, value);
      csrf = undefined;
    },
    close: () => agent.destroy(),
  };
}

export type Session = ReturnType<typeof createSession>;

/** Codes a client sees when a connection it had sent a request on was dropped. */
export const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);

export function errorCode(error: unknown): string {
  const err = error as NodeJS.ErrnoException;
  if (err.code) return err.code;
  return /socket hang up/i.test(err.message) ? 'ECONNRESET' : err.message;
}
