// `npm start`: build the web app when its build is missing or older than its sources, then run the server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'web');
// Where the server serves the web app from (WEB_DIST, as the server reads it), so that is what is built.
const dist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(web, 'dist');
const stamp = path.join(dist, 'index.html');

function newestMtime(target: string): number {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const sources = [
  path.join(web, 'src'),
  path.join(web, 'index.html'),
  path.join(web, 'vite.config.ts'),
  path.join(web, 'package.json'),
  path.join(root, 'packages', 'contracts', 'src'),
];
const stale = !existsSync(stamp) || Math.max(...sources.map(newestMtime)) > statSync(stamp).mtimeMs;
if (stale) {
  console.log('Building the web app…');
  const started = performance.now();
  // Warnings and errors only: Vite's list of every asset (hundreds of lines) is for `npm run build`.
  const args = ['run', '--silent', 'build', '-w', 'web', '--', '--logLevel', 'warn', '--outDir', dist];
  const build = spawnSync('npm', [...args, '--emptyOutDir'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  console.log(buildSummary(dist, performance.now() - started));
}

/** `Built the web app in 25 s: 190 files, 1.0 MB compressed (web/dist)`: one line for the whole build. */
function buildSummary(dir: string, ms: number): string {
  let files = 0;
  let gzipped = 0;
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const file = path.join(at, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== '.vite') walk(file);
      } else if (entry.name.endsWith('.gz')) gzipped += statSync(file).size;
      else if (!entry.name.endsWith('.br')) files++;
    }
  };
  walk(dir);
  const where = path.relative(root, dir) || dir;
  const size = `${(gzipped / 1024 / 1024).toFixed(1)} MB gzipped`;
  return `Built the web app in ${Math.round(ms / 1000)} s: ${files} files, ${size} (${where})`;
}

// Imported by URL so the scripts' type check does not pull in the whole server.
await import(pathToFileURL(path.join(root, 'server', 'src', 'main.ts')).href);
