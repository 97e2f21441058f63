import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { Markdown, safeUrl } from './markdown.tsx';

describe('safeUrl', () => {
  test('keeps http, https, mailto and relative links', () => {
    expect(safeUrl('https://example.com/a?b=c')).toBe('https://example.com/a?b=c');
    expect(safeUrl('http://example.com')).toBe('http://example.com');
    expect(safeUrl('mailto:a@b.co')).toBe('mailto:a@b.co');
    expect(safeUrl('/notifications/1')).toBe('/notifications/1');
  });

  test('drops javascript:, data:, vbscript: and protocol-relative URLs', () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      '//evil.example',
      'tel:123',
    ]) {
      expect(safeUrl(url), url).toBe('');
    }
  });
});

test('renders markdown and nothing executable', () => {
  const source = [
    '## Heading',
    '<script>window.__xss=1</script>',
    '<img src=x onerror="window.__xss=1">',
    '[bad](javascript:window.__xss=1) [good](https://example.com)',
    '![pic](data:image/png;base64,AAAA)',
  ].join('\n\n');
  const { container } = render(
    <MantineProvider>
      <Markdown>{source}</Markdown>
    </MantineProvider>,
  );
  expect(container.querySelector('h2')?.textContent).toBe('Heading');
  expect(container.querySelector('script, iframe, [onerror]')).toBeNull();
  const hrefs = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? '');
  expect(hrefs).toContain('https://example.com');
  expect(hrefs.some((href) => /javascript/i.test(href))).toBe(false);
  expect(container.querySelector('img')?.getAttribute('src') ?? '').not.toMatch(/^data:/);
  expect(container.innerHTML).not.toMatch(/__xss/);
});
