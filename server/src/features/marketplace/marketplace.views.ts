/**
 * Public listing views for the engagement metrics ("marketplace visits"): one per visitor per app
 * per day. A visitor is the signed-in user, else the address and browser — hashed with the day and
 * the session secret, so the table never holds an address and yesterday's visitor cannot be
 * followed into today. Crawlers, link previewers, scripts and prefetches are not visits.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { recordView } from './marketplace.repo.ts';

const BOTS =
  /bot\b|bot\/|crawl|spider|slurp|archiver|scrape|headless|lighthouse|pingdom|uptime|monitor|preview|facebookexternalhit|embedly|quora link|whatsapp|telegram|discord|slack|curl\/|wget\/|python-|httpx|aiohttp|go-http-client|java\/|okhttp|libwww|node-fetch|axios|undici|postman|insomnia/i;

/** Requests that are not a person looking at the page. */
export function isObviousBot(request: Pick<FastifyRequest, 'headers' | 'method'>): boolean {
  if (request.method !== 'GET') return true;
  const agent = request.headers['user-agent'];
  if (typeof agent !== 'string' || agent.trim().length < 10) return true;
  const purpose = `${request.headers['sec-purpose'] ?? ''} ${request.headers.purpose ?? ''} ${request.headers['x-purpose'] ?? ''}`;
  if (/prefetch|preview/i.test(purpose)) return true;
  return BOTS.test(agent);
}

/** The portal's calendar day (TIME_ZONE), `YYYY-MM-DD`. */
export function portalDay(ctx: AppContext): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: ctx.config.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(ctx.clock.now());
}

export function visitorKey(ctx: AppContext, request: FastifyRequest, day: string): string {
  const who = request.user
    ? `user:${request.user.id}`
    : `anon:${request.ip}:${String(request.headers['user-agent'] ?? '')}`;
  return createHash('sha256')
    .update(`${ctx.config.sessionSecret}\n${day}\n${who}`)
    .digest('base64url')
    .slice(0, 32);
}

/** Records the view when it is a person's; never fails the page (a lost count is logged). */
export async function countView(ctx: AppContext, request: FastifyRequest, appId: string): Promise<void> {
  if (isObviousBot(request)) return;
  const day = portalDay(ctx);
  try {
    await recordView(ctx, { appId, day, visitor: visitorKey(ctx, request, day) });
  } catch (error) {
    request.log.warn({ err: error, request_id: request.id }, 'recording a marketplace view failed');
  }
}
