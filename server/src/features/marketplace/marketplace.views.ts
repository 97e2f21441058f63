/**
 * Public listing views for the engagement metrics ("marketplace visits"): one per visitor per app
 * per day. A visitor is the signed-in user, else the network the request comes from (its IPv4
 * address, or its IPv6 /64, what one subscriber is given) — never anything the request itself says,
 * such as its user agent, which a script can change for free on every request. Hashed with the day
 * and the session secret, so the table never holds an address and yesterday's visitor cannot be
 * followed into today. Crawlers, link previewers, scripts and prefetches are not visits.
 */
import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { portalDayOf } from '../../platform/portal-day.ts';
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
export const portalDay = (ctx: AppContext): string => portalDayOf(ctx.config.timeZone, ctx.clock.now());

/**
 * The network an address belongs to, as counted: an IPv4 address itself (an IPv4-mapped IPv6 one
 * too), an IPv6 address's /64 (`2001:db8:0:1::/64`); anything else as given.
 */
export function networkOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  // Zero groups stand in for '::' (an embedded IPv4 tail only ever sits past the first four).
  const missing = 8 - groups(head).length - groups(tail).length - (ip.includes('.') ? 1 : 0);
  const all = ip.includes('::')
    ? [...groups(head), ...Array(missing).fill('0'), ...groups(tail)]
    : groups(head);
  return `${all
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export function visitorKey(ctx: AppContext, request: FastifyRequest, day: string): string {
  const who = request.user ? `user:${request.user.id}` : `net:${networkOf(request.ip)}`;
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
