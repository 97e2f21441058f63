/**
 * The Atom feed (RFC 4287) of a group's public changelog, one per type too (issue 27): published
 * public entries of the default branch only, whoever asks. Entry ids are `urn:uuid:` of the entry,
 * so they never change; the ETag is the body's digest, so an unchanged feed answers 304.
 */
import { createHash } from 'node:crypto';
import {
  CHANGELOG_FEED_ENTRIES,
  type ChangelogType,
  DEFAULT_BRANCH,
  type ResourceGroup,
} from '@portal/contracts';
import type { AppContext } from '../../platform/context.ts';
import { renderMarkdown } from '../../platform/markdown.ts';
import * as repo from './reference.repo.ts';

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/** XML 1.0 cannot carry most control characters, even escaped: they are dropped. */
const xmlAllowed = (code: number) =>
  code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code !== 0xfffe && code !== 0xffff);
const xmlText = (text: string) =>
  escapeXml(
    Array.from(text)
      .filter((char) => xmlAllowed(char.codePointAt(0)!))
      .join(''),
  );

const updatedOf = (row: repo.EntryRow) => (row.publishedAt ?? row.updatedAt).toISOString();

export type Feed = { body: string; etag: string };

export async function changelogFeed(
  ctx: AppContext,
  group: ResourceGroup,
  type: ChangelogType | undefined,
): Promise<Feed> {
  const rows = await repo.feedEntries(ctx, group, DEFAULT_BRANCH, type, CHANGELOG_FEED_ENTRIES);
  const base = ctx.config.publicUrl;
  const page = `${base}/reference/${group}/changelog${type ? `?filters%5Btype%5D%5B%5D=${type}` : ''}`;
  const self = `${base}/api/v1/resource_groups/${group}/changelog.atom${type ? `?type=${type}` : ''}`;
  const updated = rows.map(updatedOf).sort().at(-1) ?? new Date(0).toISOString();
  const title = `${ctx.config.platformName} ${group === 'rest' ? 'REST API' : 'Developer Portal API'} changelog${type ? ` (${type})` : ''}`;
  const entries = rows.map((row) => {
    const link = `${base}/reference/${group}/${row.link}`;
    const labels = [row.type, ...(row.breaking ? ['breaking'] : [])];
    return [
      '  <entry>',
      `    <id>urn:uuid:${row.id}</id>`,
      `    <title>${xmlText(row.summary)}</title>`,
      `    <link rel="alternate" type="text/html" href="${xmlText(link)}"/>`,
      `    <published>${row.datestamp}T00:00:00Z</published>`,
      `    <updated>${updatedOf(row)}</updated>`,
      ...labels.map((label) => `    <category term="${label}"/>`),
      `    <summary>${xmlText(`${row.endpoint} · ${row.versions.join(', ')}`)}</summary>`,
      `    <content type="html">${xmlText(renderMarkdown(row.description))}</content>`,
      '  </entry>',
    ].join('\n');
  });
  const body = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${xmlText(self)}</id>`,
    `  <title>${xmlText(title)}</title>`,
    `  <updated>${updated}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${xmlText(self)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xmlText(page)}"/>`,
    `  <author><name>${xmlText(ctx.config.platformName)}</name></author>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"` };
}

/** Whether If-None-Match names this ETag (a list, `*`, or weak forms of it). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}
