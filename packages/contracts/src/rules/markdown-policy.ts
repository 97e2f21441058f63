/**
 * The one allow-list for user-written markdown (announcements), used by the web renderer and the
 * server's e-mail pipeline alike: formatting, lists, code, tables, links and images; links
 * http/https/mailto, images https (or same-site relative) — exactly what the portal's CSP `img-src`
 * allows, so no image is kept that the browser would then block. Raw HTML never reaches it.
 * Plain data, no imports.
 */
export const MARKDOWN_POLICY = {
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
  } as Record<string, Array<string | [string, RegExp]>>,
  protocols: { href: ['http', 'https', 'mailto'], src: ['https'] },
  strip: ['script', 'style'],
};
