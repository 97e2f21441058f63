import assert from 'node:assert/strict';
import { test } from 'node:test';
import { useTestApp } from '../test/helpers.ts';
import { renderMarkdown } from './markdown.ts';

const t = useTestApp();

/** Whether a CSP source list lets an image at `src` load on a page of `origin`. */
function cspAllows(sources: string[], src: string, origin: string): boolean {
  const url = new URL(src, origin);
  return sources.some((source) => {
    if (source === "'self'") return url.origin === origin;
    if (/^[a-z][a-z0-9+.-]*:$/.test(source)) return url.protocol === source;
    return url.origin === new URL(source).origin;
  });
}

test('the markdown sanitizer keeps exactly the images the CSP lets the browser load', async () => {
  const res = await t.app.inject({ url: '/api/v1/config' });
  const csp = String(res.headers['content-security-policy']);
  const imgSrc = /(?:^|;)\s*img-src ([^;]+)/.exec(csp)?.[1]?.trim().split(/\s+/);
  assert.ok(imgSrc, csp);
  assert.equal(res.headers['referrer-policy'], 'no-referrer', 'image hosts do not learn the page address');
  const origin = t.ctx.config.publicUrl;

  const candidates = [
    'https://images.example.com/banner.png',
    'http://images.example.com/banner.png',
    '/api/v1/some-image.png',
    '//images.example.com/banner.png',
    '/\\images.example.com/banner.png',
    'data:image/png;base64,AAAA',
    'ftp://images.example.com/banner.png',
  ];
  const kept: string[] = [];
  for (const src of candidates) {
    const html = renderMarkdown(`![alt](${src})`);
    const shown = /<img src="([^"]*)"/.exec(html)?.[1];
    if (shown) kept.push(shown);
    if (shown) assert.ok(cspAllows(imgSrc, shown, origin), `kept ${shown}, but the CSP blocks it`);
  }
  assert.ok(kept.includes('https://images.example.com/banner.png'), 'https images are shown');
  assert.ok(kept.includes('/api/v1/some-image.png'), 'same-site images are shown');
  assert.ok(!kept.includes('http://images.example.com/banner.png'), 'plain http images are dropped');
});
