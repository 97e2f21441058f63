/**
 * The reviewer's message to the developer is HTML (spec: "admin_message (sanitized HTML)"). It goes
 * through the same allow-list as announcement markdown (platform/markdown.ts), minus images: parsed
 * by rehype, sanitized, serialized. The e-mail's text part is the message's text.
 */

import rehypeParse from 'rehype-parse';
import rehypeSanitize from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import { unified } from 'unified';
import { markdownSanitizeSchema } from '../../platform/markdown.ts';

const schema = {
  ...markdownSanitizeSchema,
  tagNames: (markdownSanitizeSchema.tagNames ?? []).filter((tag) => tag !== 'img'),
};

const processor = unified()
  .use(rehypeParse, { fragment: true })
  .use(rehypeSanitize, schema)
  .use(rehypeStringify);

type Node = { type: string; value?: string; tagName?: string; children?: Node[] };
const BLOCKS = new Set([
  'p',
  'li',
  'br',
  'div',
  'tr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
]);

/** Safe HTML, or null when nothing but whitespace is left. */
export function sanitizeAdminMessage(html: string | null | undefined): string | null {
  if (!html?.trim()) return null;
  const clean = String(processor.processSync(html)).trim();
  return adminMessageText(clean) ? clean : null;
}

/** The message's text (block elements on their own lines), for plain-text e-mail. */
export function adminMessageText(html: string): string {
  const tree = processor.runSync(processor.parse(html)) as unknown as Node;
  const lines: string[] = [];
  let line = '';
  const walk = (node: Node) => {
    if (node.type === 'text') line += node.value ?? '';
    for (const child of node.children ?? []) walk(child);
    if (node.type === 'element' && BLOCKS.has(node.tagName ?? '')) {
      lines.push(line.trim());
      line = '';
    }
  };
  walk(tree);
  lines.push(line.trim());
  return lines.filter(Boolean).join('\n');
}
