import { Typography } from '@mantine/core';
import { MARKDOWN_POLICY } from '@portal/contracts/markdown-policy';
import ReactMarkdown, { defaultUrlTransform } from 'react-markdown';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';

/**
 * The strict allow-list for user-written markdown (announcements), the same as the server's
 * e-mail pipeline (server/src/platform/markdown.ts): formatting, lists, code, links, images;
 * links http/https/mailto, images http/https. react-markdown never renders raw HTML (no rehype-raw).
 */
export const markdownSanitizeSchema: typeof defaultSchema = {
  ...defaultSchema,
  ...MARKDOWN_POLICY,
};

const ALLOWED = /^(https?:|mailto:)/i;

/** Keeps http(s), mailto and same-site relative URLs; anything else (javascript:, data:) becomes empty. */
export function safeUrl(url: string): string {
  const cleaned = defaultUrlTransform(url);
  if (!cleaned) return '';
  if (ALLOWED.test(cleaned)) return cleaned;
  return /^[a-z][a-z0-9+.-]*:/i.test(cleaned) || cleaned.startsWith('//') ? '' : cleaned;
}

const rehypePlugins = [
  [rehypeSanitize, markdownSanitizeSchema] as [typeof rehypeSanitize, typeof defaultSchema],
];

/** Renders announcement markdown safely; external links open in a new tab. */
export function Markdown({ children }: { children: string }) {
  return (
    <Typography data-markdown>
      <ReactMarkdown
        rehypePlugins={rehypePlugins}
        urlTransform={safeUrl}
        components={{
          a: ({ href, children: label, title }) => (
            <a href={href} title={title} target="_blank" rel="noopener noreferrer nofollow">
              {label}
            </a>
          ),
        }}
      >
        {children}
      </ReactMarkdown>
    </Typography>
  );
}
