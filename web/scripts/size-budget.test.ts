import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, test } from 'vitest';
import { filesInIndexHtml, measureFirstRoute, overBudget } from './size-budget.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A build with an entry, a preloaded vendor chunk, the sign-in route (with a shared chunk and CSS)
 *  and a lazy page /login never loads. */
function fakeBuild() {
  const dist = mkdtempSync(path.join(tmpdir(), 'size-budget-'));
  dirs.push(dist);
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, '.vite'));
  const files: Record<string, string> = {
    'assets/index.js': 'entry;'.repeat(100),
    'assets/react.js': 'react;'.repeat(100),
    'assets/index.css': 'body{}'.repeat(50),
    'assets/sign-in.js': 'sign-in;'.repeat(10),
    'assets/form.js': 'form;'.repeat(10),
    'assets/form.css': '.form{}',
    'assets/admin.js': 'x'.repeat(100_000),
  };
  for (const [file, body] of Object.entries(files)) writeFileSync(path.join(dist, file), body);
  // A precompressed twin is what the server sends, so it is what counts.
  writeFileSync(path.join(dist, 'assets/react.js.gz'), Buffer.alloc(1234));
  writeFileSync(
    path.join(dist, 'index.html'),
    `<script type="module" crossorigin src="/assets/index.js"></script>
     <link rel="modulepreload" crossorigin href="/assets/react.js">
     <link rel="stylesheet" crossorigin href="/assets/index.css">
     <link rel="icon" href="/favicon.ico">`,
  );
  writeFileSync(
    path.join(dist, '.vite/manifest.json'),
    JSON.stringify({
      'index.html': {
        file: 'assets/index.js',
        isEntry: true,
        imports: ['_react.js'],
        css: ['assets/index.css'],
        dynamicImports: ['src/features/auth/pages/sign-in-page.tsx', 'src/admin.tsx'],
      },
      '_react.js': { file: 'assets/react.js' },
      '_form.js': { file: 'assets/form.js', css: ['assets/form.css'], imports: ['_react.js'] },
      'src/features/auth/pages/sign-in-page.tsx': { file: 'assets/sign-in.js', imports: ['_form.js'] },
      'src/admin.tsx': { file: 'assets/admin.js', imports: ['_form.js'] },
    }),
  );
  return { dist, files };
}

describe('first-route size budget', () => {
  test('reads scripts, modulepreloads and stylesheets from index.html, nothing else', () => {
    expect(
      filesInIndexHtml(
        '<script type="module" src="/assets/a.js"></script><link rel="modulepreload" href="/assets/b.js">' +
          '<link rel="stylesheet" href="/assets/c.css"><link rel="icon" href="/i.ico"><link rel="preconnect" href="https://x">',
      ),
    ).toEqual(['assets/a.js', 'assets/b.js', 'assets/c.css']);
  });

  test('counts the entry, its static imports and the sign-in route with its CSS, not lazy pages', () => {
    const { dist, files } = fakeBuild();
    const route = measureFirstRoute(dist);
    expect(route.files.map((size) => size.file)).toEqual([
      'assets/form.css',
      'assets/form.js',
      'assets/index.css',
      'assets/index.js',
      'assets/react.js',
      'assets/sign-in.js',
    ]);
    const gz = (file: string) => gzipSync(files[file]!, { level: 9 }).length;
    expect(route.js.gzip).toBe(gz('assets/index.js') + 1234 + gz('assets/sign-in.js') + gz('assets/form.js'));
    expect(route.css.gzip).toBe(gz('assets/index.css') + gz('assets/form.css'));
    expect(route.js.raw).toBe(600 + 600 + 80 + 50);
  });

  test('fails over 200 kB of JavaScript or 40 kB of CSS', () => {
    const route = measureFirstRoute(fakeBuild().dist);
    expect(overBudget(route)).toEqual([]);
    expect(overBudget(route, { js: 1000, css: 40_000 })).toEqual([
      expect.stringMatching(/^JavaScript \d+\.\d kB > 1\.0 kB$/),
    ]);
    expect(overBudget(route, { js: 200_000, css: 10 })).toEqual([
      expect.stringMatching(/^CSS .* > 0\.0 kB$/),
    ]);
  });
});
