import { MARKDOWN_POLICY } from '@portal/contracts/markdown-policy';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

type Schema = typeof defaultSchema;

/**
 * The strict allow-list for user-written markdown (announcements): formatting, lists, code,
 * links and images only; links http/https/mailto, images https. Raw HTML never reaches it:
 * remark-rehype drops it without `allowDangerousHtml`. The allow-list is shared with the web (MARKDOWN_POLICY).
 */
export const markdownSanitizeSchema: Schema = {
  ...defaultSchema,
  ...MARKDOWN_POLICY,
};

type HastNode = { type: string; properties?: Record<string, unknown>; children?: HastNode[] };

/**
 * Drops protocol-relative URLs (`//host/x`, and `/\host/x`, which browsers read the same way): they
 * take the page's scheme, so on an http portal an image would be plain http, which the CSP blocks.
 * The sanitizer counts them as relative; the web renderer drops them too (`safeUrl`).
 */
function dropProtocolRelativeUrls() {
  const walk = (node: HastNode) => {
    for (const name of ['src', 'href']) {
      const value = node.properties?.[name];
      if (typeof value === 'string' && /^[/\\]{2}/.test(value.trim())) delete node.properties![name];
    }
    node.children?.forEach(walk);
  };
  return walk;
}

const processor = unified()
  .use(remarkParse)
  .use(remarkRehype)
  .use(rehypeSanitize, markdownSanitizeSchema)
  .use(dropProtocolRelativeUrls)
  .use(rehypeStringify);

/** Markdown to safe HTML (e-mails). */
export function renderMarkdown(markdown: string): string {
  return String(processor.processSync(markdown));
}
