import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Bindings, ChildLoggerOptions } from 'pino';
import { z } from 'zod';
import { pageRouteModules, routeModules } from './features/index.ts';
import { isServiceRequest } from './platform/auth/service-token.ts';
import { sessionCookieValue } from './platform/auth/session-cache.ts';
import type { SessionUser } from './platform/auth/session-user.ts';
import { toWebHeaders } from './platform/auth/web-headers.ts';
import type { AppContext } from './platform/context.ts';
import { flushCounters } from './platform/counters.ts';
import { AppError } from './platform/errors.ts';
import { AccessLog } from './platform/http/access-log.ts';
import { registerBodyCharsetCheck, registerBodyEncodingCheck } from './platform/http/body-charset.ts';
import { createClientErrorHandler } from './platform/http/client-errors.ts';
import { assertSameOrigin, registerCsrf } from './platform/http/csrf.ts';
import { errorHandler } from './platform/http/error-handler.ts';
import { registerIdempotency } from './platform/http/idempotency.ts';
import { registerOpenApi } from './platform/http/openapi.ts';
import type { Access, App, RegisteredRoute } from './platform/http/route.ts';
import { INSTANCE_HEADER, securityHeaders } from './platform/http/security-headers.ts';
import { registerStorableTextGuard } from './platform/http/storable-text.ts';
import { registerStrictBodies } from './platform/http/strict-bodies.ts';
import { registerListParamsGuard } from './platform/list/index.ts';
import { type Logger, RequestLogger } from './platform/logger.ts';

const ACCESS_LEVELS: Access[] = ['public', 'user', 'admin', 'service'];
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type BuildOptions = {
  logger?: boolean;
  /** The level of the one access-log line per request (`info` in a terminal, `debug` otherwise). */
  accessLog?: 'info' | 'debug';
};

/**
 * Request ids: a random prefix per process and a counter — unique across restarts and replicas
 * (72 random bits) without a random UUID per request.
 */
const requestIdPrefix = randomBytes(9).toString('base64url');
let requestCounter = 0;
function nextRequestId(): string {
  requestCounter += 1;
  return `${requestIdPrefix}-${requestCounter.toString(36)}`;
}

/** Builds the HTTP app around a ready context. It never listens; main.ts and tests decide that. */
export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    ...(options.logger === false
      ? { logger: false }
      : {
          loggerInstance: ctx.log as FastifyBaseLogger,
          logController: new AccessLog(options.accessLog ?? 'debug'),
          // A request's logger is made when it first logs (a route's own level or serializers: at once).
          childLoggerFactory: (logger: FastifyBaseLogger, bindings: Bindings, opts: ChildLoggerOptions) =>
            Object.keys(opts).length
              ? logger.child(bindings, opts)
              : (new RequestLogger(logger as Logger, bindings) as unknown as FastifyBaseLogger),
        }),
    genReqId: (req) => {
      const header = req.headers['x-request-id'];
      return typeof header === 'string' && /^[\w-]{8,64}$/.test(header) ? header : nextRequestId();
    },
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Long enough for every id and token the API takes (invitation tokens allow 200 characters).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 512 },
    // Bad URLs and over-long parameters answer in the one error shape too, and so does what Node's
    // HTTP parser refuses before Fastify sees a request (a URL or headers over 16 kB).
    frameworkErrors: (error, request, reply) => errorHandler(error as FastifyError, request, reply),
    clientErrorHandler: createClientErrorHandler(ctx.log, nextRequestId),
  }).withTypeProvider<ZodTypeProvider>() as unknown as App;

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  registerStorableTextGuard(app);
  registerListParamsGuard(app);
  registerBodyCharsetCheck(app);
  registerStrictBodies(app);
  registerIdempotency(app);
  app.decorate('ctx', ctx);
  app.decorateRequest('user', null);
  // Counts still in memory (API usage, bucket traffic) are written before the database closes.
  app.addHook('onClose', () => flushCounters(ctx));

  // Boot fails on a route that does not say who may call it.
  const registry: RegisteredRoute[] = [];
  const platformRegistry: RegisteredRoute[] = [];
  app.decorate('routeRegistry', registry);
  app.decorate('platformRouteRegistry', platformRegistry);
  app.addHook('onRoute', (route) => {
    const access = route.config?.access as Access;
    if (!route.url.startsWith('/api/')) {
      // The authorization servers and the platform API (features/oauth): their own suite's table.
      if (access === 'bearer')
        for (const method of [route.method].flat())
          if (method !== 'HEAD') platformRegistry.push({ method, url: route.url, access });
      return;
    }
    if (!ACCESS_LEVELS.includes(access)) {
      throw new Error(
        `Route ${route.method} ${route.url} must declare config.access (public, user, admin or service)`,
      );
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') registry.push({ method, url: route.url, access });
    }
  });

  // Compression answers br or gzip above 1 kB. Request bodies are read as sent: the plugin's
  // decompression (a hook on every request) is off, and a compressed body is refused (415).
  registerBodyEncodingCheck(app);
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
    // Brotli's default quality (11) costs milliseconds per response; 4 compresses JSON about as well
    // as gzip -6 at a fraction of the time. Static assets are precompressed at build time.
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(fastifyCookie, { secret: ctx.config.sessionSecret });
  await registerCsrf(app, {
    secret: ctx.config.sessionSecret,
    secure: ctx.config.publicUrl.startsWith('https://'),
  });

  const publicOrigin = new URL(ctx.config.publicUrl).origin;
  // One hook for every request: the security headers and the instance's name (constants computed
  // once), then, for the API, who is calling. Callback style: requests outside /api (health checks,
  // the web app) pass without a promise.
  const headers = {
    ...securityHeaders({ https: ctx.config.publicUrl.startsWith('https://') }),
    // Which instance answered (behind a balancer): a constant, set with the others.
    [INSTANCE_HEADER]: ctx.config.instanceId,
  };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (!request.url.startsWith('/api/')) return done();
    guardApi(request, reply).then(() => done(), done);
  });
  async function guardApi(request: FastifyRequest, reply: FastifyReply) {
    reply.header('Cache-Control', 'no-store');
    const { access, csrf } = request.routeOptions.config;
    // Machine callers: a bearer token, never a session, so no cookie and no CSRF token either.
    if (access === 'service') {
      if (isServiceRequest(ctx.config.serviceTokens, request)) return;
      reply.header('WWW-Authenticate', 'Bearer');
      throw new AppError('unauthenticated', 'A valid service token is required');
    }
    request.user = await resolveUser(ctx, request);
    if (access === 'user' || access === 'admin') {
      if (!request.user) throw new AppError('unauthenticated', 'You need to sign in to do that');
      if (access === 'admin' && request.user.role !== 'admin') {
        throw new AppError('forbidden', 'Only platform staff can do that');
      }
    }
    if (STATE_CHANGING.has(request.method) && csrf !== false && access) {
      assertSameOrigin(request, publicOrigin);
      await new Promise<void>((resolve, reject) => {
        app.csrfProtection(request, reply, (error?: Error) => (error ? reject(error) : resolve()));
      });
    }
  }

  await registerOpenApi(app, ctx.config);

  // Documented as they answer (a route without a response schema would be documented as a 204).
  const ok = z.object({ status: z.literal('ok') });
  // Probes answer a few bytes, never compressed: no compression hooks on them (compress: false).
  const healthz = {
    config: { access: 'public' as const },
    compress: false as const,
    schema: { response: { 200: ok } },
  };
  const unavailable = z.object({ status: z.literal('unavailable') });
  const readyz = {
    config: { access: 'public' as const },
    compress: false as const,
    schema: { response: { 200: ok, 503: unavailable } },
  };
  app.get('/healthz', healthz, async () => ({ status: 'ok' as const }));
  app.get('/readyz', readyz, async (_request, reply) => {
    try {
      await ctx.database.ping();
      return { status: 'ok' as const };
    } catch {
      return reply.status(503).send({ status: 'unavailable' as const });
    }
  });

  await app.register(
    async (api) => {
      // Uploads are API calls only. The plugin hooks every request it sees (a listener on the
      // response, a cleanup after it), so health checks, pages and assets stay outside its scope.
      await api.register(fastifyMultipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 50 } });
      for (const register of routeModules) await register(api as App);
    },
    { prefix: '/api/v1' },
  );

  for (const register of pageRouteModules) await register(app);
  await serveWeb(app, ctx.config.webDist);
  return app;
}

/** The signed-in user: from the session cache, else verified by better-auth and cached. */
async function resolveUser(ctx: AppContext, request: FastifyRequest): Promise<SessionUser | null> {
  const cookie = sessionCookieValue(request);
  if (!cookie) return null;
  const cached = ctx.sessions.get(cookie);
  if (cached) return cached;
  const session = await ctx.auth.api.getSession({ headers: toWebHeaders(request) });
  if (!session) return null;
  const user = session.user as typeof session.user & Partial<SessionUser>;
  const sessionUser: SessionUser = {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role === 'admin' ? 'admin' : 'developer',
    employee: Boolean(user.employee),
    procoreId: Number(user.procoreId),
    companyName: user.companyName ?? null,
    criticalEmails: user.criticalEmails !== false,
    developerAppsBeta: user.developerAppsBeta === true,
  };
  ctx.sessions.set(cookie, sessionUser, new Date(session.session.expiresAt));
  return sessionUser;
}

/**
 * The built SPA. Brotli/gzip twins written at build time are sent as they are; hashed `/assets/*` are
 * cached for a year, index.html is revalidated on every load (so a deploy shows at once), and source
 * maps, build metadata (`.vite/`) and unknown assets are 404s (not index.html: a stale chunk must fail
 * as a chunk). Every other path is the SPA's index.html.
 */
async function serveWeb(app: App, webDist: string) {
  const indexFile = path.join(webDist, 'index.html');
  const hasBuild = existsSync(indexFile);
  const assetsDir = path.join(webDist, 'assets');
  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    reply.status(404).send({
      message: 'Not found',
      errors: ['Not found'],
      code: 'not_found',
      request_id: request.id,
    });
  const isHidden = (file: string) =>
    /\.map$/i.test(file) || file.split('/').some((part) => part.startsWith('.'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      serve: false, // files go out only through the routes below
      preCompressed: true,
      dotfiles: 'ignore',
      index: false,
      setHeaders: (res, filePath) => {
        // filePath may be the .br/.gz twin; it sits beside its original, so the rule is the same.
        const immutable = filePath.startsWith(assetsDir + path.sep);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/assets/*', { config: { access: 'public' } }, (request, reply) => {
      const file = (request.params as { '*': string })['*'];
      if (isHidden(file) || !existsSync(path.join(assetsDir, file))) return notFound(request, reply);
      return reply.sendFile(file, assetsDir);
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const file = request.url.split('?')[0]!;
    if (
      request.url.startsWith('/api/') ||
      file.startsWith('/assets/') ||
      isHidden(file) ||
      !hasBuild ||
      !['GET', 'HEAD'].includes(request.method)
    ) {
      return notFound(request, reply);
    }
    if (/\.[a-z0-9]+$/i.test(file) && existsSync(path.join(webDist, file))) return reply.sendFile(file);
    return reply.sendFile('index.html');
  });
}
