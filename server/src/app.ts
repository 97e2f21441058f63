import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyCsrf from '@fastify/csrf-protection';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyRequest } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { routeModules } from './features/index.ts';
import { registerBodyCharsetCheck } from './platform/body-charset.ts';
import type { AppContext } from './platform/context.ts';
import { errorHandler } from './platform/error-handler.ts';
import { AppError } from './platform/errors.ts';
import {
  type Access,
  type App,
  type RegisteredRoute,
  type SessionUser,
  toWebHeaders,
} from './platform/http.ts';
import { registerStorableTextGuard } from './platform/storable-text.ts';

const ACCESS_LEVELS: Access[] = ['public', 'user', 'admin'];
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Builds the HTTP app around a ready context. It never listens; main.ts and tests decide that. */
export async function buildApp(ctx: AppContext, options: { logger?: boolean } = {}): Promise<App> {
  const app = Fastify({
    ...(options.logger === false ? { logger: false } : { loggerInstance: ctx.log as FastifyBaseLogger }),
    genReqId: (req) => {
      const header = req.headers['x-request-id'];
      return typeof header === 'string' && /^[\w-]{8,64}$/.test(header) ? header : randomUUID();
    },
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>() as unknown as App;

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  registerStorableTextGuard(app);
  registerBodyCharsetCheck(app);
  app.decorate('ctx', ctx);
  app.decorateRequest('user', null);

  // Boot fails on a route that does not say who may call it.
  const registry: RegisteredRoute[] = [];
  app.decorate('routeRegistry', registry);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const access = route.config?.access as Access;
    if (!ACCESS_LEVELS.includes(access)) {
      throw new Error(
        `Route ${route.method} ${route.url} must declare config.access (public, user or admin)`,
      );
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') registry.push({ method, url: route.url, access });
    }
  });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'], // https: announcement images (docs/decisions.md)
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyCookie, { secret: ctx.config.sessionSecret });
  await app.register(fastifyCsrf, {
    sessionPlugin: '@fastify/cookie',
    cookieKey: 'portal_csrf',
    cookieOpts: {
      signed: true,
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: ctx.config.publicUrl.startsWith('https://'),
    },
    getToken: (request) => request.headers['x-csrf-token'] as string | undefined,
  });
  await app.register(fastifyMultipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 50 } });

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    reply.header('Cache-Control', 'no-store');
    request.user = await resolveUser(ctx, request);
    const { access, csrf } = request.routeOptions.config;
    if (access === 'user' || access === 'admin') {
      if (!request.user) throw new AppError('unauthenticated', 'You need to sign in to do that');
      if (access === 'admin' && request.user.role !== 'admin') {
        throw new AppError('forbidden', 'Only platform staff can do that');
      }
    }
    if (STATE_CHANGING.has(request.method) && csrf !== false && access) {
      await new Promise<void>((resolve, reject) => {
        app.csrfProtection(request, reply, (error?: Error) => (error ? reject(error) : resolve()));
      });
    }
  });

  // OpenAPI 3.1 generated from the same zod route schemas (served at /api/v1/openapi.json).
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${ctx.config.platformName} Developer Portal API`,
        version: '1',
        description:
          'Session-cookie API of the developer portal. State-changing calls send the CSRF token from GET /api/v1/config in the x-csrf-token header.',
      },
      servers: [{ url: ctx.config.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/v1/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  app.get('/healthz', { config: { access: 'public' } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: { access: 'public' } }, async (_request, reply) => {
    try {
      await ctx.database.ping();
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });

  await app.register(
    async (api) => {
      for (const register of routeModules) await register(api as App);
    },
    { prefix: '/api/v1' },
  );

  await serveWeb(app, ctx.config.webDist);
  return app;
}

async function resolveUser(ctx: AppContext, request: FastifyRequest): Promise<SessionUser | null> {
  if (!request.headers.cookie?.includes('session_token')) return null;
  const session = await ctx.auth.api.getSession({ headers: toWebHeaders(request) });
  if (!session) return null;
  const user = session.user as typeof session.user & Partial<SessionUser>;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role === 'admin' ? 'admin' : 'developer',
    employee: Boolean(user.employee),
    procoreId: Number(user.procoreId),
    companyName: user.companyName ?? null,
    criticalEmails: user.criticalEmails !== false,
  };
}

/** The built SPA: hashed assets cached for a year, every other path falls back to index.html. */
async function serveWeb(app: App, webDist: string) {
  const indexFile = path.join(webDist, 'index.html');
  const hasBuild = existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/assets/*', { config: { access: 'public' } }, (request, reply) =>
      reply.sendFile((request.params as { '*': string })['*'], path.join(webDist, 'assets')),
    );
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || !hasBuild || !['GET', 'HEAD'].includes(request.method)) {
      return reply.status(404).send({
        message: 'Not found',
        errors: ['Not found'],
        code: 'not_found',
        request_id: request.id,
      });
    }
    const file = request.url.split('?')[0]!;
    if (/\.[a-z0-9]+$/i.test(file) && existsSync(path.join(webDist, file))) return reply.sendFile(file);
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
