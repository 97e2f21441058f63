import { MARKDOWN_POLICY } from '@portal/contracts/markdown-policy';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

type Schema = typeof defaultSchema;

/**
 * The strict allow-list for user-written markdown (announcements): formatting, lists, code,
 * links and images only; links http/https/mailto, images http/https. Raw HTML never reaches it:
 * remark-rehype drops it without `allowDangerousHtml`. The allow-list is shared with the web (MARKDOWN_POLICY).
 */
export const markdownSanitizeSchema: Schema = {
  ...defaultSchema,
  ...MARKDOWN_POLICY,
};

const processor = unified()
  .use(remarkParse)
  .use(remarkRehype)
  .use(rehypeSanitize, markdownSanitizeSchema)
  .use(rehypeStringify);

/** Markdown to safe HTML (e-mails). */
export function renderMarkdown(markdown: string): string {
  return String(processor.processSync(markdown));
}
