import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderMarkdown } from './markdown.ts';

test('markdown keeps formatting, lists, code and safe links', () => {
  const html = renderMarkdown(
    '# Title\n\n**bold** _em_ `code`\n\n- one\n- two\n\n[docs](https://example.com) [mail](mailto:a@b.co)',
  );
  assert.match(html, /<h1>Title<\/h1>/);
  assert.match(html, /<strong>bold<\/strong> <em>em<\/em> <code>code<\/code>/);
  assert.match(html, /<li>one<\/li>/);
  assert.match(html, /<a href="https:\/\/example.com">docs<\/a>/);
  assert.match(html, /<a href="mailto:a@b.co">mail<\/a>/);
});

test('no script, event handler, javascript:/data: URL or raw HTML survives', () => {
  const payloads = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<svg onload=alert(1)>',
    '<iframe src="https://evil.example"></iframe>',
    '<a href="javascript:alert(1)">x</a>',
    '[x](javascript:alert(1))',
    '[x](JAVASCRIPT:alert(1))',
    '[x](data:text/html;base64,PHNjcmlwdD4=)',
    '![x](data:image/png;base64,AAAA)',
    '![x](javascript:alert(1))',
    '<div style="background:url(javascript:alert(1))">x</div>',
    '<style>body{}</style>',
    '[x](vbscript:msgbox(1))',
  ];
  for (const payload of payloads) {
    const html = renderMarkdown(payload);
    assert.doesNotMatch(html, /<(script|svg|iframe|div|style|img[^>]*onerror)/i, payload);
    assert.doesNotMatch(html, /\son\w+=/i, payload);
    assert.doesNotMatch(html, /(javascript|data|vbscript):/i, payload);
  }
});
