// `npm run dev`: the API in watch mode, then (once it answers /healthz) the Vite dev server proxying /api to it.
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const root = path.resolve(import.meta.dirname, '..');
const apiPort = process.env.PORT || '3000';
// The API's port taken (most often by `npm start`): say so and stop, before Vite would proxy to it.
if (!(await isFree(Number(apiPort)))) {
  console.error(
    `npm run dev: port ${apiPort} is in use by another process (another portal: npm start or npm run dev?). Stop it first, or set PORT to another port.`,
  );
  process.exit(1);
}
const vitePort = await freePort(5173, Number(apiPort));
const pageUrl = `http://localhost:${vitePort}`;
/** How long the children get to stop (the API drains for up to 9.5 s) before they are killed. */
const STOP_GRACE_MS = 15_000;

const children = new Set<ChildProcess>();
let stopping = false;

/** Stops every child (the API's watcher passes the signal on to the API), then exits with `code`. */
function stop(code: number) {
  if (stopping) return;
  stopping = true;
  process.exitCode = code;
  for (const child of children) child.kill('SIGTERM');
  const exit = () => process.exit(code);
  if (!children.size) return exit();
  setTimeout(() => {
    for (const child of children) child.kill('SIGKILL');
    exit();
  }, STOP_GRACE_MS).unref();
}
// A signal to this script alone (not its process group, as Ctrl+C would send) still stops both children.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => stop(0));

function run(name: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }) {
  // Vite stops when its stdin ends: outside a terminal it gets a pipe that lives as long as this script.
  const stdin = process.stdin.isTTY ? 'inherit' : 'pipe';
  // Node itself, not npm: npm's shell would stand between this script and the process, and a signal
  // sent to this script would stop the shell and leave the process running.
  const child = spawn(process.execPath, args, {
    cwd: options.cwd,
    stdio: [stdin, 'inherit', 'inherit'],
    env: { ...process.env, ...options.env },
  });
  children.add(child);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (stopping) {
      if (!children.size) process.exit(process.exitCode ?? 0);
      return;
    }
    // Nothing stops on its own: the API's watcher only ends when the API cannot start at all (it
    // printed why), and Vite only on an error. Either way the other one goes too, and the exit code says so.
    console.error(`\n  npm run dev: ${name} stopped (${signal ?? `exit code ${code}`}); stopping.\n`);
    stop(code || 1);
  });
  return child;
}

// Same database and port as `npm start` (DATA_DIR resolves from the repository root, not server/).
// E-mailed links and the ready line point at the page a person opens: Vite's, not the API's.
// PORTAL_DEV_WATCH: a start-up failure no code change can fix (the data directory or port of a
// running `npm start`) stops the watcher too, rather than leaving it waiting for a file change.
run('the API', ['--watch', '--watch-preserve-output', 'server/src/main.ts'], {
  cwd: root,
  env: {
    PORT: apiPort,
    DATA_DIR: process.env.DATA_DIR || path.join(root, 'data'),
    PUBLIC_URL: process.env.PUBLIC_URL || pageUrl,
    PORTAL_DEV_WATCH: '1',
  },
});

// Vite starts only once the API answers, so the first page load finds it (no proxy-error flood).
if (await waitFor(`http://localhost:${apiPort}/healthz`)) {
  const web = path.join(root, 'web');
  const vite = path.join(
    path.dirname(createRequire(path.join(web, 'package.json')).resolve('vite/package.json')),
    'bin/vite.js',
  );
  const viteArgs = ['--port', String(vitePort), '--strictPort', '--clearScreen', 'false'];
  run('Vite', [vite, ...viteArgs], { cwd: web, env: { PORT: apiPort } });
  if (await waitFor(pageUrl)) console.log(`\n  Developer portal (dev): open ${pageUrl}\n`);
}

/** Polls `url` until it answers 2xx; false when `npm run dev` is stopping (a child exited or Ctrl+C). */
async function waitFor(url: string): Promise<boolean> {
  while (!stopping) {
    const ok = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return true;
    await sleep(250);
  }
  return false;
}

/** The first port from `from` nobody listens on (Vite's default, or the next one like Vite would). */
async function freePort(from: number, taken: number): Promise<number> {
  for (let port = from; port < from + 50; port++) {
    if (port !== taken && (await isFree(port))) return port;
  }
  throw new Error(`No free port for Vite from ${from}`);
}

function isFree(port: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const probe = createServer()
      .once('error', () => resolve(false))
      .listen(port, () => probe.close(() => resolve(true)));
  });
}
