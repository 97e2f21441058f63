// The first-route size budget (`npm run test:size -w web`, part of `npm test` after the build): what a
// visitor's browser downloads to show /login — the entry chunk, everything index.html preloads or links,
// the sign-in page's chunk and its static imports and stylesheets — measured compressed, as served.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Bytes on the wire (gzip, the larger of the two encodings the portal serves). */
export const BUDGET = { js: 200_000, css: 40_000 };

/** The source module of the first route, as Vite's manifest names it. */
export const FIRST_ROUTE_MODULE = 'src/features/auth/pages/sign-in-page.tsx';

type ManifestChunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;
export type FileSize = { file: string; raw: number; gzip: number; brotli: number };
export type RouteSize = { files: FileSize[]; js: FileSize; css: FileSize };

/** Everything index.html loads up front: module scripts, modulepreloads and stylesheets. */
export function filesInIndexHtml(html: string): string[] {
  const files: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const isLoaded =
      /^<script/i.test(tag) || /\brel=["']?(modulepreload|stylesheet)\b/i.test(tag.replace(/\s+/g, ' '));
    const url = /\b(?:src|href)=["']?([^"'\s>]+)/i.exec(tag)?.[1];
    if (isLoaded && url?.startsWith('/')) files.push(url.slice(1));
  }
  return files;
}

/** A chunk's file, its CSS and, recursively, its static imports' (dynamic imports load later). */
export function filesOfChunk(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const css of chunk.css ?? []) into.add(css);
  for (const imported of chunk.imports ?? []) filesOfChunk(manifest, imported, into);
  return into;
}

function sizeOf(dist: string, file: string): FileSize {
  const full = path.join(dist, file);
  const body = readFileSync(full);
  // The precompressed twins the server sends; compressed here when a build has none.
  const gzip = existsSync(`${full}.gz`)
    ? readFileSync(`${full}.gz`).length
    : gzipSync(body, { level: 9 }).length;
  const brotli = existsSync(`${full}.br`)
    ? readFileSync(`${full}.br`).length
    : brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  return { file, raw: body.length, gzip, brotli };
}

function total(file: string, sizes: FileSize[]): FileSize {
  const sum = (key: 'raw' | 'gzip' | 'brotli') => sizes.reduce((n, size) => n + size[key], 0);
  return { file, raw: sum('raw'), gzip: sum('gzip'), brotli: sum('brotli') };
}

/** The bytes /login loads from a build in `dist` (needs `build.manifest`). */
export function measureFirstRoute(dist: string, routeModule = FIRST_ROUTE_MODULE): RouteSize {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const files = new Set(filesInIndexHtml(readFileSync(path.join(dist, 'index.html'), 'utf8')));
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) filesOfChunk(manifest, key, files);
  filesOfChunk(manifest, routeModule, files);
  const sizes = [...files].sort().map((file) => sizeOf(dist, file));
  return {
    files: sizes,
    js: total(
      'JavaScript',
      sizes.filter((size) => size.file.endsWith('.js')),
    ),
    css: total(
      'CSS',
      sizes.filter((size) => size.file.endsWith('.css')),
    ),
  };
}

/** The budget's verdicts; empty when /login is within it. */
export function overBudget(route: RouteSize, budget = BUDGET): string[] {
  const failures: string[] = [];
  if (route.js.gzip > budget.js) failures.push(`JavaScript ${kB(route.js.gzip)} > ${kB(budget.js)}`);
  if (route.css.gzip > budget.css) failures.push(`CSS ${kB(route.css.gzip)} > ${kB(budget.css)}`);
  return failures;
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

function report(route: RouteSize) {
  const row = (size: FileSize) =>
    `${size.file.padEnd(48)} ${kB(size.raw).padStart(10)} ${kB(size.gzip).padStart(10)} ${kB(size.brotli).padStart(10)}`;
  console.log(
    `${'what /login loads'.padEnd(48)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)} ${'brotli'.padStart(10)}`,
  );
  for (const size of route.files) console.log(row(size));
  console.log(row(route.js));
  console.log(row(route.css));
  console.log(`budget (gzip): JavaScript ${kB(BUDGET.js)}, CSS ${kB(BUDGET.css)}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dist = path.resolve(import.meta.dirname, '..', 'dist');
  if (!existsSync(path.join(dist, '.vite', 'manifest.json'))) {
    console.error(`No build with a manifest in ${dist}: run \`npm run build\` first.`);
    process.exit(1);
  }
  const route = measureFirstRoute(dist);
  report(route);
  const failures = overBudget(route);
  if (failures.length) {
    console.error(`First-route size budget exceeded: ${failures.join('; ')}`);
    process.exit(1);
  }
  console.log('First-route size budget: ok');
}
