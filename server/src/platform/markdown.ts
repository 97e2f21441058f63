import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

type Schema = typeof defaultSchema;

/**
 * The strict allow-list for user-written markdown (announcements): formatting, lists, code,
 * links and images only; links http/https/mailto, images http/https. Raw HTML never reaches it:
 * remark-rehype drops it without `allowDangerousHtml`. Keep in step with web/src/lib/markdown.tsx.
 */
export const markdownSanitizeSchema: Schema = {
  ...defaultSchema,
  tagNames: [
    'a',
    'b',
    'blockquote',
    'br',
    'code',
    'del',
    'em',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'hr',
    'i',
    'img',
    'li',
    'ol',
    'p',
    'pre',
    'strong',
    'table',
    'tbody',
    'td',
    'th',
    'thead',
    'tr',
    'ul',
  ],
  attributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'title'],
    code: [['className', /^language-[\w-]+$/]],
    ol: ['start'],
    th: ['align'],
    td: ['align'],
  },
  protocols: { href: ['http', 'https', 'mailto'], src: ['http', 'https'] },
  strip: ['script', 'style'],
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
