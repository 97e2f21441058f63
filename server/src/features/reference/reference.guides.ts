/**
 * Guides (`/documentation/{slug}`, issue 27): markdown files beside this module, served as content
 * (never strings in the web's catalogue). The web renders them through the one sanitizing policy.
 */
import { readFile } from 'node:fs/promises';
import type { Guide } from '@portal/contracts';
import { notFound } from '../../platform/errors.ts';

/** The guides there are, by slug (the file name). */
export const GUIDE_SLUGS = ['getting-started', 'building-apps-define-manifest', 'rest-api-overview'] as const;

const cache = new Map<string, Guide>();

export async function getGuide(slug: string): Promise<Guide> {
  if (!(GUIDE_SLUGS as readonly string[]).includes(slug)) throw notFound('Guide');
  const cached = cache.get(slug);
  if (cached) return cached;
  const markdown = await readFile(new URL(`./guides/${slug}.md`, import.meta.url), 'utf8');
  const title = /^# (.+)$/m.exec(markdown)?.[1] ?? slug;
  const guide = { slug, title, markdown: markdown.replace(/^# .+\n+/, '') };
  cache.set(slug, guide);
  return guide;
}

export async function listGuides() {
  return Promise.all(GUIDE_SLUGS.map(async (slug) => ({ slug, title: (await getGuide(slug)).title })));
}
