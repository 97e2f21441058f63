import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import { z } from 'zod';
import { idempotencyKeys } from '../../db/schema/index.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { decryptSecret, encryptSecret, keyringFor } from '../secrets.ts';
import { type App, currentUser } from './route.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Honour an `Idempotency-Key` header: a retry gets the first response replayed (create routes). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The idempotency row this request claimed; its response is stored when it is sent. */
    idempotencyClaim: { id: string } | null;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on a response that is a replay of the first request's stored response. */
export const REPLAYED_HEADER = 'idempotent-replayed';
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export type IdempotencyOptions = {
  /** How long a retry waits for the first request's response before answering 409. */
  waitMs?: number;
  /** A claim still unanswered after this long is abandoned (its process died) and may be taken over. */
  leaseMs?: number;
};

const KEY_MESSAGE = 'must be 1 to 255 printable ASCII characters';
const KeyHeader = z
  .string()
  .regex(/^[\x20-\x7e]{1,255}$/, KEY_MESSAGE)
  .optional()
  .describe(
    'A unique value (e.g. a UUID) per intended create. Retrying with the same key and body within 24 hours replays the first response (header `Idempotent-Replayed: true`) instead of creating again; the same key with a different request answers 422.',
  );

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** JSON with object keys sorted, so the same body always has the same fingerprint. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * What a retry must repeat to get the replay: method, path with query, and the validated body.
 * (A multipart body is not parsed before the handler, so it would not count: opt in JSON routes.)
 */
const fingerprintOf = (request: FastifyRequest) =>
  sha256(canonical([request.method, request.url, request.body ?? null]));

const mismatch = () => {
  const message = 'This Idempotency-Key was already used with a different request';
  return new AppError('validation_failed', message, {
    errors: [message],
    fields: { [IDEMPOTENCY_HEADER]: [message] },
  });
};

type Stored = { status: number; type: string | null; body: string };
type Outcome = { claimed: string } | { replay: Stored };

/**
 * `Idempotency-Key` (draft-ietf-httpapi-idempotency-key-header) for routes declaring
 * `config: { idempotent: true }`. The first request with a key inserts a row (the unique index makes
 * exactly one insert win, on PGlite and PostgreSQL alike), runs, and stores its response; a retry with
 * the same key and request gets that response replayed, waiting a bounded time while the first still
 * runs. Keys are per user and kept 24 hours; expired rows are swept whenever a key is claimed.
 * Server errors (5xx) and 429 are not stored, so a retry runs again.
 */
export function registerIdempotency(app: App, options: IdempotencyOptions = {}): void {
  const waitMs = options.waitMs ?? 10_000;
  const leaseMs = options.leaseMs ?? 60_000;
  // Retries waiting in this process are woken as soon as the first request stores its response;
  // the polling interval is only the fallback for retries that reached another instance.
  const waiters = new Map<string, Set<() => void>>();
  const wake = (id: string) => {
    for (const resolve of waiters.get(id) ?? []) resolve();
    waiters.delete(id);
  };
  const waitFor = (id: string, ms: number) =>
    new Promise<void>((resolve) => {
      const set = waiters.get(id) ?? new Set();
      waiters.set(id, set);
      const done = () => {
        clearTimeout(timer);
        set.delete(done);
        if (set.size === 0 && waiters.get(id) === set) waiters.delete(id);
        resolve();
      };
      const timer = setTimeout(done, ms);
      set.add(done);
    });

  app.decorateRequest('idempotencyClaim', null);

  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    if (route.config.access !== 'user' && route.config.access !== 'admin') {
      throw new Error(`Route ${route.url}: idempotent routes must require sign-in (keys are per user)`);
    }
    // Documented and validated like any header; other headers pass through untouched.
    const schema = route.schema ?? {};
    route.schema = schema;
    const shape = { [IDEMPOTENCY_HEADER]: KeyHeader };
    if (schema.headers === undefined) schema.headers = z.looseObject(shape);
    else if (schema.headers instanceof z.ZodObject) schema.headers = schema.headers.extend(shape);
    else throw new Error(`Route ${route.url}: idempotent routes need a zod headers schema`);
    // Only these routes run the claim and store the response (route hooks, not global ones every
    // request pays for). This onRoute hook runs before compression's, which appends its onSend, so
    // the payload stored is still the serialized body.
    route.preHandler = [claimOrReplay, route.preHandler ?? []].flat();
    route.onSend = [storeClaimed, route.onSend ?? []].flat();
  });

  async function claimOrReplay(request: FastifyRequest, reply: FastifyReply) {
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (typeof key !== 'string') return;
    const outcome = await claim(app.ctx, {
      userId: currentUser(request).id,
      keyHash: sha256(key),
      fingerprint: fingerprintOf(request),
    });
    if ('claimed' in outcome) {
      request.idempotencyClaim = { id: outcome.claimed };
      return;
    }
    return replay(reply, outcome.replay);
  }

  // Callback style: a request that sent no key passes at once.
  const storeClaimed: onSendHookHandler = (request, reply, payload, done) => {
    const claimed = request.idempotencyClaim;
    if (!claimed) return done(null, payload);
    request.idempotencyClaim = null;
    storeResponse(request, reply, payload, claimed).then((stored) => done(null, stored), done);
  };
  async function storeResponse(
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    claimed: { id: string },
  ) {
    const storable = payload == null || typeof payload === 'string' || Buffer.isBuffer(payload);
    try {
      if (reply.statusCode >= 500 || reply.statusCode === 429 || !storable) {
        await app.ctx.db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, claimed.id));
      } else {
        const type = reply.getHeader('content-type');
        await app.ctx.db
          .update(idempotencyKeys)
          .set({
            responseStatus: reply.statusCode,
            responseType: type === undefined ? null : String(type),
            responseBody: encryptSecret(payload == null ? '' : String(payload), keyringFor(app.ctx.config)),
          })
          .where(eq(idempotencyKeys.id, claimed.id));
      }
    } catch (error) {
      // The response still goes out; retries wait for the lease and then run again.
      request.log.error({ err: error, request_id: request.id }, 'storing the idempotent response failed');
    } finally {
      wake(claimed.id);
    }
    return payload;
  }

  async function claim(
    ctx: AppContext,
    input: { userId: string; keyHash: string; fingerprint: string },
  ): Promise<Outcome> {
    const deadline = performance.now() + waitMs;
    const byKey = and(eq(idempotencyKeys.userId, input.userId), eq(idempotencyKeys.keyHash, input.keyHash));
    for (let pause = 10; ; pause = Math.min(pause * 2, 250)) {
      const now = ctx.clock.now();
      const [inserted] = await ctx.db
        .insert(idempotencyKeys)
        .values({ ...input, createdAt: now, expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS) })
        .onConflictDoNothing()
        .returning({ id: idempotencyKeys.id });
      if (inserted) {
        await sweepExpired(ctx, now);
        return { claimed: inserted.id };
      }
      const [row] = await ctx.db.select().from(idempotencyKeys).where(byKey);
      if (row && row.expiresAt <= now) {
        await ctx.db
          .delete(idempotencyKeys)
          .where(and(eq(idempotencyKeys.id, row.id), lte(idempotencyKeys.expiresAt, now)));
      } else if (row && row.responseStatus === null && row.createdAt.getTime() + leaseMs <= now.getTime()) {
        await ctx.db
          .delete(idempotencyKeys)
          .where(and(eq(idempotencyKeys.id, row.id), isNull(idempotencyKeys.responseStatus)));
      } else if (row && row.fingerprint !== input.fingerprint) {
        throw mismatch();
      } else if (row?.responseStatus != null) {
        return { replay: open(ctx, row) };
      } else if (row) {
        const left = deadline - performance.now();
        if (left <= 0) {
          throw new AppError('conflict', 'A request with this Idempotency-Key is still in progress', {
            errors: ['A request with this Idempotency-Key is still in progress. Retry in a moment.'],
            headers: { 'Retry-After': '1' },
          });
        }
        await waitFor(row.id, Math.min(pause, left));
      }
    }
  }
}

function open(ctx: AppContext, row: typeof idempotencyKeys.$inferSelect): Stored {
  try {
    const body = decryptSecret(row.responseBody ?? '', keyringFor(ctx.config)).plain;
    return { status: row.responseStatus!, type: row.responseType, body };
  } catch {
    // Sealed with an ENCRYPTION_KEY that has since been retired.
    throw new AppError('conflict', 'This Idempotency-Key can no longer be replayed; use a new key');
  }
}

function replay(reply: FastifyReply, stored: Stored) {
  reply.code(stored.status).header(REPLAYED_HEADER, 'true');
  if (stored.type) reply.header('content-type', stored.type);
  return reply.send(stored.body === '' ? undefined : stored.body);
}

/** Deletes a bounded batch of expired rows; runs on every claim, so the table never grows unbounded. */
async function sweepExpired(ctx: AppContext, now: Date): Promise<void> {
  const expired = ctx.db
    .select({ id: idempotencyKeys.id })
    .from(idempotencyKeys)
    .where(lte(idempotencyKeys.expiresAt, now))
    .limit(100);
  await ctx.db.delete(idempotencyKeys).where(inArray(idempotencyKeys.id, expired));
}
